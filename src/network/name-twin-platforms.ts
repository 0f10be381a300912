import type { StopRow } from "../gtfs/types.js";
import type { CompileContext } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import type { GeneratedWords } from "./generated-words/generated-words.js";
import type { StrIdx } from "./model.js";

interface Twin {
  stop: number;
  row: StopRow;
}

/**
 * Twin platforms: stops of one feed with the same parent_station and the same stop_name (New
 * York's subway has 496 such pairs, "101N" and "101S" under "101", same name, same coordinates,
 * no platform_code). Each twin's `omschrijving` and `omschrijvingLang` get a suffix that tells it
 * from its twins (docs/DATASET_EXTENSIONS.md, "Twin platforms"), in the feed's language (`words`,
 * generated-words/; Dutch shown):
 * - " perron <platform_code>" when every twin has a platform_code and no two share one (De Lijn
 *   writes "Leuven Station perron 5");
 * - else " richting <main destination>": the headsign (else last stop name) most trips departing
 *   from the stop go to; " aankomst" for a stop where trips only end;
 * - a twin whose label another twin of its group also gets: " (<stop_id>)".
 * Stops without a parent, or whose names differ, keep their names. Runs after the trips (the
 * main destination needs them) and after the line directions, whose destinations and
 * descriptions name the stops as the feed does.
 */
export function nameTwinPlatforms(ctx: CompileContext, stopTable: StopTable, tripTable: TripTable, words: GeneratedWords): void {
  const { inputs, pool } = ctx;
  const { stops, feedStopToStop } = stopTable;
  const groups: Twin[][] = [];
  const seen = new Uint8Array(stops.count);
  inputs.forEach(({ feed }, f) => {
    const byKey = new Map<string, Twin[]>();
    feed.stops.forEach((row, i) => {
      const stop = feedStopToStop[f][i];
      // A stop key given twice merges stops: the first row is the kept one.
      if (stop < 0 || seen[stop] || !row.parentStation) return;
      seen[stop] = 1;
      const key = `${row.parentStation}\n${pool.get(stops.name[stop])}`;
      const group = byKey.get(key);
      if (group) group.push({ stop, row });
      else byKey.set(key, [{ stop, row }]);
    });
    for (const group of byKey.values()) if (group.length > 1) groups.push(group);
  });
  if (groups.length === 0) return;

  const labels = destinationLabels(ctx, stopTable, tripTable, groups.flat().map((t) => t.stop), words);
  for (const group of groups) {
    const codes = group.map((t) => t.row.platformCode);
    const byCode = codes.every(Boolean) && new Set(codes).size === codes.length;
    const groupLabels = byCode ? codes.map((c) => `${words.platform} ${c}`) : group.map((t) => labels.get(t.stop) ?? "");
    group.forEach(({ stop, row }, i) => {
      const label = groupLabels[i];
      const suffix = label && groupLabels.indexOf(label) === groupLabels.lastIndexOf(label) ? ` ${label}` : ` (${row.stopId})`;
      stops.name[stop] = pool.intern(pool.get(stops.name[stop]) + suffix);
      stops.longName[stop] = pool.intern(pool.get(stops.longName[stop]) + suffix);
    });
  }
}

/**
 * StopIdx -> "richting <main destination>" for each of `stopList` that trips depart from,
 * "aankomst" for one where trips only end; absent for a stop no trip visits. Trips count where
 * they can be boarded: not at their last stop, nor where pickup_type is 1 (no pickup).
 */
function destinationLabels(ctx: CompileContext, stopTable: StopTable, tripTable: TripTable, stopList: number[], words: GeneratedWords): Map<number, string> {
  const { pool } = ctx;
  const { stops } = stopTable;
  const { patterns, trips } = tripTable;
  const slot = new Int32Array(stops.count).fill(-1);
  stopList.forEach((s, k) => (slot[s] = k));
  const departures: Array<Map<StrIdx, number>> = stopList.map(() => new Map());
  const visited = new Uint8Array(stopList.length);
  for (let p = 0; p < patterns.count; p++) {
    const from = patterns.stopStart[p];
    const to = patterns.stopStart[p + 1];
    let perDestination: Map<StrIdx, number> | undefined;
    for (let i = from; i < to; i++) {
      const k = slot[patterns.stops[i]];
      if (k < 0) continue;
      visited[k] = 1;
      if (i === to - 1 || (patterns.stopFlags[i] & 3) === 1) continue;
      if (!perDestination) {
        perDestination = new Map();
        const lastStopName = stops.name[patterns.stops[to - 1]];
        for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
          const d = trips.headsign[t] || lastStopName;
          perDestination.set(d, (perDestination.get(d) ?? 0) + 1);
        }
      }
      for (const [d, c] of perDestination) departures[k].set(d, (departures[k].get(d) ?? 0) + c);
    }
  }
  const labels = new Map<number, string>();
  stopList.forEach((s, k) => {
    let best = "";
    let bestCount = 0;
    for (const [d, c] of departures[k]) {
      const name = pool.get(d);
      if (c > bestCount || (c === bestCount && name < best)) [best, bestCount] = [name, c];
    }
    if (best) labels.set(s, `${words.towards} ${best}`);
    else if (visited[k]) labels.set(s, words.arrival);
  });
  return labels;
}
