/** Small footpath fixtures: stops on a line, transfers.txt rows, station groups, footpaths as text. */
import type { TransferRow } from "../../../src/gtfs/types.js";
import type { Footpaths } from "../../../src/network/build-footpaths.js";
import type { FootpathLinks } from "../../../src/network/footpath-links.js";

/** Stops on the meridian 4.7 E, `metres` north of 50.87 N each (111,320 m per degree of latitude). */
export function stopsAt(...metres: number[]) {
  return { lat: Float64Array.from(metres, (m) => 50.87 + m / 111_320), lon: new Float64Array(metres.length).fill(4.7) };
}

export const row = (transferType: number, minTransferTime?: number): TransferRow => ({ fromStopId: "", toStopId: "", fromRouteId: "", toRouteId: "", fromTripId: "", toTripId: "", transferType, minTransferTime });

export function links(n: number, transfers: FootpathLinks["transfers"] = [], stations: number[][] = []): FootpathLinks {
  const station = new Int32Array(n).fill(-1);
  stations.forEach((members, g) => members.forEach((s) => (station[s] = g)));
  return { transfers, station };
}

/** "from->to:seconds" of every footpath. */
export function paths(fp: Footpaths): string[] {
  const out: string[] = [];
  for (let s = 0; s + 1 < fp.start.length; s++) for (let i = fp.start[s]; i < fp.start[s + 1]; i++) out.push(`${s}->${fp.to[i]}:${fp.seconds[i]}`);
  return out;
}
