/** One stop's day of the timetable (E4's HalteDoorkomsten) as JSON bytes, computed and cached per network. */
import type { Network, ServiceDate, StopIdx } from "../../../network/model.js";
import { networkLru } from "../../../timetable/network-lru.js";
import { stopTimetable, type StopTimetable } from "../../../timetable/stop-timetable.js";
import type { Link, Linker } from "../../shared/links.js";
import type { HalteDoorkomsten } from "./dienstregelingen.schemas.js";
import { notaOfDiversion, notaOfNote, PassageWriter } from "./doorkomst-view.js";

/** One stop's day as the operator writes it (HalteDoorkomsten). */
function halteDoorkomsten(net: Network, t: StopTimetable, W: PassageWriter, links: Link[]): HalteDoorkomsten {
  return {
    halteDoorkomsten: [{ haltenummer: net.strings.get(net.stops.number[t.stop]), doorkomsten: t.passages.map((p) => W.passage(p)) }],
    links,
    doorkomstNotas: t.passageNotes.map(notaOfNote),
    ritNotas: t.tripNotes.map(notaOfNote),
    omleidingen: t.diversions.map((d) => notaOfDiversion(net, d.view, d.lineDirection, d.stop)),
  };
}

/**
 * One stop's day as UTF-8 JSON: the `halteDoorkomsten` array, and the three note arrays as
 * `"doorkomstNotas":[..],"ritNotas":[..],"omleidingen":[..]`. The links of the surrounding object
 * differ per answer (self, or the stop in a list), so they are not part of it. Kept as bytes so
 * that an answer is a concatenation of buffers, not a string to encode again per request.
 */
export interface StopDayJson {
  halteDoorkomsten: Buffer;
  notes: Buffer;
}

/**
 * Stop days as JSON, per network (a swapped-out network takes its entries with it), least recently
 * used out first, bounded in characters. A stop's day is a pure function of (network, stop, date,
 * last-stop flag, link base) and popular stops are asked for again and again, alone and in E5
 * lists; serialising a day costs several times computing it (docs/BENCHMARKS.md). The bound also
 * caps what arbitrary Host headers (link bases) can make us keep. 16 MiB: some 300 stop days of New York's
 * network (a ten-stop timetable is about 550 KB); 64 MiB let lists of random stops hold the demo's server at over
 * three times its idle memory (docs/BENCHMARKS.md "Where the costly lists' memory went").
 */
const STOP_DAY_CACHE_BYTES = 16 * 1024 * 1024;
/**
 * A day is kept on its second miss among the last 1,024, as the stop days of the timetable are (stop-day-cache.ts):
 * E5 lists of 100 random stops would otherwise turn the cache over (the demo's stop days of one date are 87.5 MB of
 * JSON, more than the bound), and the bytes pushed out are freed only by a full collection.
 */
const STOP_DAY_CACHE_REMEMBERED_MISSES = 1_024;
const stopDayJsonCache = networkLru<StopDayJson, string>(
  "stop day answers: JSON per stop, date and options (LRU by passages and notes, kept on a second miss)",
  STOP_DAY_CACHE_BYTES,
  (json) => json.halteDoorkomsten.length + json.notes.length,
  STOP_DAY_CACHE_REMEMBERED_MISSES,
);

/** One stop's day as JSON, computed (no cache): the query, the renaming, the serialisation. */
export function renderStopDay(net: Network, L: Linker, stop: StopIdx, date: ServiceDate, includeLastStop: boolean): StopDayJson {
  const t = stopTimetable(net, undefined, { stop, date, includeLastStop });
  const view = halteDoorkomsten(net, t, new PassageWriter(L), []);
  return {
    halteDoorkomsten: Buffer.from(JSON.stringify(view.halteDoorkomsten)),
    notes: Buffer.from(
      `"doorkomstNotas":${JSON.stringify(view.doorkomstNotas)},"ritNotas":${JSON.stringify(view.ritNotas)},"omleidingen":${JSON.stringify(view.omleidingen)}`,
    ),
  };
}

export function stopDayJson(net: Network, L: Linker, stop: StopIdx, date: ServiceDate, includeLastStop: boolean): StopDayJson {
  const key = `${L.base}|${stop}|${date}|${includeLastStop ? 1 : 0}`;
  return stopDayJsonCache.get(net, key, () => renderStopDay(net, L, stop, date, includeLastStop));
}

