import { DIVERSION_NOT_FOUND } from "../errors.js";
import type { Network } from "../network/model.js";
import { diversionText } from "./diversion-language.js";
import { allDiversions } from "./diversions-for.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { DiversionView, Language } from "./types.js";

/**
 * A diversion or disruption by referentieOmleiding, the dataset's or (with `realtime`) a GTFS-RT Alert's;
 * DIVERSION_NOT_FOUND (404) when unknown.
 */
export function findDiversion(network: Network, id: number, language: Language = "nl", realtime?: RealtimeOverlay): DiversionView {
  // Tens of rows (a feed's alerts: hundreds): a scan is cheaper than keeping an index.
  const d = allDiversions(network, realtime).find((x) => x.id === id);
  if (!d) throw DIVERSION_NOT_FOUND(id);
  return { diversion: d, ...diversionText(d, language) };
}
