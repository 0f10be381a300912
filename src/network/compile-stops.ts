import type { StopRow } from "../gtfs/types.js";
import { findMunicipality } from "../reference/find-municipality.js";
import type { CompileContext, Writable } from "./compile-context.js";
import type { EntityTable } from "./compile-entities.js";
import { NONE16 } from "./constants.js";
import { MOVED_STOP_METERS } from "./key-history.js";
import { compareKeys, delijnStopEntity, isPlainNumber, naturalCompare, stableNumbers } from "./key-profiles.js";
import { haversineMeters } from "./queries/stops-near.js";
import { ACCESSIBILITY_FLAGS, type MunicipalityInfo, type PatternColumns, type StopColumns } from "./model.js";

interface StopDraft {
  feed: number;
  row: StopRow;
  entity: number;
  number: string;
}

export interface StopTable {
  stops: Writable<StopColumns>;
  /** Per feed: the feed's stop index -> StopIdx, -1 for a stop that is no network stop. */
  feedStopToStop: Int32Array[];
  /** The StopIdx of a stop_id of feed f; undefined for an unknown id or a stop that is no network stop. */
  stopOf(feed: number, stopId: string): number | undefined;
  /** StopIdx -> the place it is in, for line-direction descriptions: stop_place, else its municipality. */
  stopPlace: string[];
  /** Empty when the reference data covers no stop (another region's). */
  municipalities: MunicipalityInfo[];
  referenceCovers: boolean;
}

/**
 * Stops: platforms (location_type 0) and anything stop_times visits, keyed by the profile,
 * sorted by (entity, number), each placed in its municipality. A key given twice merges the
 * stops (warning). Pattern and footpath columns are filled by later stages.
 */
export function compileStops(ctx: CompileContext, ents: EntityTable, regionByCode: Map<string, number>): StopTable {
  const { inputs, ref, pool, warnings } = ctx;
  const { entities, entityByNumber, routeEntity, feedDefaultEntity } = ents;
  const stopDrafts: StopDraft[] = [];
  const feedStopDraft: Int32Array[] = [];
  inputs.forEach(({ feed, profile }, f) => {
    const referenced = new Uint8Array(feed.stops.length);
    const st = feed.stopTimes;
    for (let i = 0; i < st.count; i++) referenced[st.stop[i]] = 1;
    // Entity of the first trip (in trips.txt order) that visits the stop: the generic profile's rule.
    const firstEntity = new Int32Array(feed.stops.length).fill(-1);
    if (profile === "generic") {
      const routeAgency = new Map(feed.routes.map((r) => [r.routeId, r.agencyId]));
      feed.trips.forEach((t, ti) => {
        const e = routeEntity(f, routeAgency.get(t.routeId) ?? "") ?? feedDefaultEntity[f];
        for (let i = st.tripStart[ti]; i < st.tripStart[ti + 1]; i++) if (firstEntity[st.stop[i]] < 0) firstEntity[st.stop[i]] = e;
      });
    }
    const chosen: number[] = [];
    feed.stops.forEach((s, i) => {
      if (s.locationType === 0 || referenced[i]) chosen.push(i);
    });
    const generic =
      profile === "generic"
        ? genericStopKeys(ctx, ents, f, chosen.map((i) => feed.stops[i]), chosen.map((i) => (firstEntity[i] >= 0 ? firstEntity[i] : feedDefaultEntity[f])))
        : undefined;
    const map = new Int32Array(feed.stops.length).fill(-1);
    chosen.forEach((i, c) => {
      const row = feed.stops[i];
      let entity: number;
      let number: string;
      if (profile === "delijn") {
        const digit = delijnStopEntity(row.stopId);
        const e = digit === undefined ? undefined : entityByNumber.get(digit);
        if (e === undefined) warnings.add("stop_key_convention", `stop ${row.stopId} is not a 6-digit number of a known entity`);
        entity = e ?? feedDefaultEntity[f];
        number = row.stopId;
      } else {
        ({ entity, number } = generic![c]);
      }
      map[i] = stopDrafts.length;
      stopDrafts.push({ feed: f, row, entity, number });
    });
    feedStopDraft.push(map);
  });
  const stopOrder = stopDrafts
    .map((_, i) => i)
    .sort((a, b) => {
      const x = stopDrafts[a];
      const y = stopDrafts[b];
      return compareKeys(entities[x.entity].number, entities[y.entity].number) || compareKeys(x.number, y.number) || a - b;
    });
  const draftToStop = new Int32Array(stopDrafts.length);
  const keptDrafts: StopDraft[] = [];
  {
    let lastKey = "";
    for (const d of stopOrder) {
      const s = stopDrafts[d];
      const key = `${s.entity}_${s.number}`;
      if (key === lastKey) {
        warnings.add("duplicate_stop_key", `stop ${s.row.stopId} has the key ${entities[s.entity].number}_${s.number} of another stop; merged`);
        draftToStop[d] = keptDrafts.length - 1;
        continue;
      }
      lastKey = key;
      draftToStop[d] = keptDrafts.length;
      keptDrafts.push(s);
    }
  }
  for (const d of stopDrafts) {
    const { stopId, lat, lon } = d.row;
    ctx.keys.give({ kind: "stop", feed: d.feed, gtfsId: stopId, entity: entities[d.entity].number, number: d.number, direction: 0, lat, lon });
  }
  const feedStopToStop = feedStopDraft.map((m) => m.map((d) => (d < 0 ? -1 : draftToStop[d])));
  const stopCount = keptDrafts.length;

  const municipalities: MunicipalityInfo[] = (ref?.municipalities ?? []).map((m) => ({
    nis: m.nis,
    name: m.name,
    region: regionByCode.get(m.regionCode) ?? -1,
    entity: entityByNumber.get(m.entityNumber) ?? -1,
    lat: m.lat,
    lon: m.lon,
    submunicipalities: (ref?.submunicipalities ?? []).filter((s) => s.municipalityNis === m.nis).map((s) => s.name),
  }));
  const municipalityByNis = new Map(municipalities.map((m, i) => [m.nis, i]));
  const parentName = inputs.map(({ feed }) => new Map(feed.stops.filter((s) => s.locationType === 1).map((s) => [s.stopId, s.name])));
  // stops.wheelchair_boarding: "0 or empty ... the stop inherits its wheelchair_boarding behavior from the parent
  // station, if specified in the parent" (gtfs.org/schedule/reference/#stopstxt).
  const parentWheelchair = inputs.map(({ feed }) => new Map(feed.stops.filter((s) => s.locationType === 1).map((s) => [s.stopId, s.wheelchairBoarding])));

  const stops: Writable<StopColumns> = {
    count: stopCount,
    entity: new Uint16Array(stopCount),
    number: new Uint32Array(stopCount),
    gtfsId: new Uint32Array(stopCount),
    code: new Uint32Array(stopCount),
    name: new Uint32Array(stopCount),
    longName: new Uint32Array(stopCount),
    lat: new Float64Array(stopCount),
    lon: new Float64Array(stopCount),
    municipality: new Uint16Array(stopCount).fill(NONE16),
    accessibility: new Uint8Array(stopCount),
    wheelchair: new Uint8Array(stopCount),
    parentName: new Uint32Array(stopCount),
    parentGtfsId: new Uint32Array(stopCount),
    patternStart: new Uint32Array(stopCount + 1),
    patternRefs: new Uint32Array(0),
    patternPositions: new Uint16Array(0),
    footpathStart: new Uint32Array(stopCount + 1),
    footpathTo: new Uint32Array(0),
    footpathSeconds: new Uint16Array(0),
  };
  /** The place a stop is in, for line-direction descriptions: stop_place, else its municipality. */
  const stopPlace: string[] = new Array(stopCount);
  let outside = 0;
  keptDrafts.forEach((d, s) => {
    const r = d.row;
    stops.entity[s] = d.entity;
    stops.number[s] = pool.intern(d.number);
    stops.gtfsId[s] = pool.intern(r.stopId);
    stops.code[s] = pool.intern(r.code);
    stops.name[s] = pool.intern(r.name);
    stops.lat[s] = r.lat;
    stops.lon[s] = r.lon;
    const m = ref ? findMunicipality(ref, r.lat, r.lon) : undefined;
    const mi = m ? municipalityByNis.get(m.nis) : undefined;
    if (mi !== undefined) stops.municipality[s] = mi;
    else if (ref) outside++;
    const place = r.place || (mi !== undefined ? municipalities[mi].name : "");
    stopPlace[s] = place || r.name;
    stops.longName[s] = pool.intern(place && !r.name.startsWith(place) ? `${place} ${r.name}` : r.name);
    stops.accessibility[s] = accessibilityBits(r);
    stops.wheelchair[s] = r.wheelchairBoarding !== 0 ? r.wheelchairBoarding : (parentWheelchair[d.feed].get(r.parentStation) ?? 0);
    stops.parentName[s] = pool.intern(parentName[d.feed].get(r.parentStation) ?? "");
    stops.parentGtfsId[s] = pool.intern(r.parentStation);
  });
  // Reference data of another region (the default Flanders data under a New York feed) covers
  // nothing: serve no municipalities and regions rather than 285 empty Flemish ones.
  const referenceCovers = !ref || stopCount === 0 || outside < stopCount;
  if (!referenceCovers) {
    warnings.add("reference_not_covering", `no stop lies in a municipality of the reference data (${ref!.dir}): municipalities and regions left out, colours come from the routes; for a network outside Flanders import with --reference none`);
  } else if (outside) {
    warnings.add("stop_outside_municipalities", `${outside} stops lie outside every municipality of the reference data`, outside);
  }

  // stop_id -> StopIdx per feed, built on first use: transfers, notes and diversions name stops by id.
  const byId: Array<Map<string, number> | undefined> = [];
  const stopOf = (f: number, stopId: string) => {
    let m = byId[f];
    if (!m) {
      m = new Map();
      inputs[f].feed.stops.forEach((s, i) => feedStopToStop[f][i] >= 0 && m!.set(s.stopId, feedStopToStop[f][i]));
      byId[f] = m;
    }
    return m.get(stopId);
  };
  return { stops, feedStopToStop, stopOf, stopPlace, municipalities: referenceCovers ? municipalities : [], referenceCovers };
}

/**
 * The generic profile's stop keys of feed slot `f` (docs/DATASET_EXTENSIONS.md, "Keys that never move"). The first
 * import numbers the stops by stableNumbers, each in the entity of the first trip serving it. Later imports: a
 * stop_id an earlier import numbered keeps its key while it stays within MOVED_STOP_METERS of where it was and its
 * entity still exists. A new stop_id (or one reused for another place) takes its own number when the feed's stops
 * have always been numbered by their ids (all plain numbers) and no stop ever had it, else the next number above
 * every number the feed's stops ever had.
 */
function genericStopKeys(
  ctx: CompileContext,
  ents: EntityTable,
  f: number,
  rows: readonly StopRow[],
  firstEntity: readonly number[],
): Array<{ entity: number; number: string }> {
  const { keys } = ctx;
  if (!keys.hasHistory("stop", f)) {
    const numbers = stableNumbers(rows.map((r) => r.stopId));
    return rows.map((r, i) => ({ entity: firstEntity[i], number: numbers.get(r.stopId)! }));
  }
  const used = keys.usedNumbers((r) => r.kind === "stop" && r.feed === f);
  const byOwnId = !keys.some((r) => r.kind === "stop" && r.feed === f && !(isPlainNumber(r.gtfsId) && String(Number(r.gtfsId)) === r.number));
  const out: Array<{ entity: number; number: string } | undefined> = rows.map((r, i) => {
    const before = keys.previous("stop", f, r.stopId);
    const entity = before && ents.entityByNumber.get(before.entity);
    if (!before || entity === undefined || haversineMeters(before.lat, before.lon, r.lat, r.lon) > MOVED_STOP_METERS) return undefined;
    return { entity, number: before.number };
  });
  for (const k of out) if (k) used.add(k.number);
  const fresh = rows.map((_, i) => i).filter((i) => !out[i]);
  const own = new Map<string, number>();
  for (const i of fresh) {
    const id = rows[i].stopId;
    if (isPlainNumber(id)) own.set(String(Number(id)), (own.get(String(Number(id))) ?? 0) + 1);
  }
  const rest: number[] = [];
  for (const i of fresh) {
    const n = isPlainNumber(rows[i].stopId) ? String(Number(rows[i].stopId)) : undefined;
    if (byOwnId && n !== undefined && own.get(n) === 1 && !used.has(n)) {
      out[i] = { entity: firstEntity[i], number: n };
      used.add(n);
    } else rest.push(i);
  }
  let next = Math.max(0, ...[...used].map(Number).filter(Number.isFinite)) + 1;
  rest.sort((a, b) => naturalCompare(rows[a].stopId, rows[b].stopId));
  for (const i of rest) {
    while (used.has(String(next))) next++;
    out[i] = { entity: firstEntity[i], number: String(next++) };
  }
  return out as Array<{ entity: number; number: string }>;
}

function accessibilityBits(r: StopRow): number {
  if (r.accessibility) {
    let bits = 0;
    for (const part of r.accessibility.split(";")) {
      const flag = ACCESSIBILITY_FLAGS.find(([, name]) => name === part.trim().toUpperCase());
      if (flag) bits |= flag[0];
    }
    return bits;
  }
  return r.wheelchairBoarding === 1 ? 1 : 0;
}

/** stops.patternStart/patternRefs/patternPositions: every (pattern, position) serving each stop. */
export function indexStopPatterns(stops: Writable<StopColumns>, patterns: PatternColumns): void {
  const stopCount = stops.count;
  const patternCount = patterns.count;
  const patternStopCount = patterns.stops.length;
  const perStop = new Uint32Array(stopCount + 1);
  for (let i = 0; i < patternStopCount; i++) perStop[patterns.stops[i] + 1]++;
  for (let s = 0; s < stopCount; s++) perStop[s + 1] += perStop[s];
  stops.patternStart = perStop.slice();
  stops.patternRefs = new Uint32Array(patternStopCount);
  stops.patternPositions = new Uint16Array(patternStopCount);
  {
    const fill = perStop.slice(0, stopCount);
    for (let p = 0; p < patternCount; p++) {
      for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
        const s = patterns.stops[i];
        const row = fill[s]++;
        stops.patternRefs[row] = p;
        stops.patternPositions[row] = i - patterns.stopStart[p];
      }
    }
  }
}
