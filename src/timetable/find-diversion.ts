import { DIVERSION_NOT_FOUND } from "../errors.js";
import type { Network } from "../network/model.js";
import { diversionText } from "./diversion-language.js";
import type { DiversionView, Language } from "./types.js";

/** A diversion or disruption by referentieOmleiding; DIVERSION_NOT_FOUND (404) when unknown. */
export function findDiversion(network: Network, id: number, language: Language = "nl"): DiversionView {
  // Tens of rows: a scan is cheaper than keeping an index.
  const d = network.meta.diversions.find((x) => x.id === id);
  if (!d) throw DIVERSION_NOT_FOUND(id);
  return { diversion: d, ...diversionText(d, language) };
}
