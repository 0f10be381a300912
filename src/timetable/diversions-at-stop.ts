import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../network/model.js";
import { diversionsFor } from "./diversions-for.js";
import { lineDirectionsThroughStop } from "./line-directions-through-stop.js";
import type { DiversionView } from "./types.js";

/** A diversion listed on a stop's timetable, with the line direction through which it concerns the stop. */
export interface TimetableDiversion {
  view: DiversionView;
  stop: StopIdx;
  /** A line direction of the diversion that serves the stop (the lowest), or undefined when it concerns the stop only as not served. */
  lineDirection: LineDirIdx | undefined;
}

/** The planned diversions (kind omleiding) active on a date at a stop, Dutch texts: what a stop's timetable or real-time answer lists. */
export function diversionsAtStop(network: Network, stop: StopIdx, date: ServiceDate): TimetableDiversion[] {
  if (network.meta.diversions.length === 0) return [];
  const views = diversionsFor(network, { kind: "omleiding", date, stops: [stop] });
  if (views.length === 0) return [];
  const atStop = new Set(lineDirectionsThroughStop(network, stop));
  return views.map((view) => ({ view, stop, lineDirection: view.diversion.lineDirections.find((ld) => atStop.has(ld)) }));
}
