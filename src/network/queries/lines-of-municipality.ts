import type { LineIdx, MunicipalityIdx, Network, ServiceDate } from "../model.js";
import { linesServingStops } from "./lines-serving-stops.js";
import { stopsOfMunicipality } from "./stops-of-municipality.js";

/** The lines valid on `date` that stop in a municipality, in key order. */
export function linesOfMunicipality(net: Network, municipality: MunicipalityIdx, date: ServiceDate): LineIdx[] {
  return linesServingStops(net, stopsOfMunicipality(net, municipality), date);
}
