import type { LineDirIdx, LineIdx, Network, ServiceDate } from "../model.js";
import { isLineDirectionValidOn } from "./valid-on.js";

/** The directions of a line (HEEN first) valid on `date`. */
export function lineDirectionsOfLine(net: Network, line: LineIdx, date: ServiceDate): LineDirIdx[] {
  return [line * 2, line * 2 + 1].filter((ld) => isLineDirectionValidOn(net, ld, date));
}
