import { NONE16 } from "../constants.js";
import type { LineIdx, MunicipalityIdx, Network, ServiceDate } from "../model.js";
import { isLineDirectionValidOn } from "./valid-on.js";

/** The municipalities in which a line's directions valid on `date` stop, by NIS code. */
export function municipalitiesOfLine(net: Network, line: LineIdx, date: ServiceDate): MunicipalityIdx[] {
  const { lineDirections: dirs, patterns, stops } = net;
  const found = new Set<MunicipalityIdx>();
  for (const ld of [line * 2, line * 2 + 1]) {
    if (!isLineDirectionValidOn(net, ld, date)) continue;
    for (let r = dirs.patternStart[ld]; r < dirs.patternStart[ld + 1]; r++) {
      const p = dirs.patterns[r];
      for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
        const m = stops.municipality[patterns.stops[i]];
        if (m !== NONE16) found.add(m);
      }
    }
  }
  const ms = net.meta.municipalities;
  return [...found].sort((a, b) => ms[a].nis - ms[b].nis);
}
