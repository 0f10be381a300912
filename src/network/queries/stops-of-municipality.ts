import { NONE16 } from "../constants.js";
import { derivedIndex } from "../derived-index.js";
import type { MunicipalityIdx, Network, ServiceDate, StopIdx } from "../model.js";
import { stopsValidOn } from "./valid-on.js";

interface MunicipalityStops {
  /** MunicipalityIdx -> first row in `stops`; length municipalities + 1 */
  start: Uint32Array;
  /** row -> StopIdx, ascending within a municipality */
  stops: Uint32Array;
}

const municipalityStops = derivedIndex("municipality -> its stops (CSR by stops.municipality)", (net: Network): MunicipalityStops => {
  const count = net.meta.municipalities.length;
  const start = new Uint32Array(count + 1);
  const col = net.stops.municipality;
  for (let s = 0; s < net.stops.count; s++) if (col[s] !== NONE16) start[col[s] + 1]++;
  for (let m = 0; m < count; m++) start[m + 1] += start[m];
  const fill = start.slice(0, count);
  const stops = new Uint32Array(start[count]);
  for (let s = 0; s < net.stops.count; s++) if (col[s] !== NONE16) stops[fill[col[s]]++] = s;
  return { start, stops };
});

/**
 * The stops that lie in a municipality, in key order; with `date`, only those valid that day (see valid-on.ts).
 */
export function stopsOfMunicipality(net: Network, municipality: MunicipalityIdx, date?: ServiceDate): StopIdx[] {
  const idx = municipalityStops(net);
  const mask = date === undefined ? undefined : stopsValidOn(net, date);
  const out: StopIdx[] = [];
  for (let r = idx.start[municipality]; r < idx.start[municipality + 1]; r++) {
    const s = idx.stops[r];
    if (!mask || mask[s] === 1) out.push(s);
  }
  return out;
}
