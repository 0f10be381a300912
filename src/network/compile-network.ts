/**
 * The network compiler: one or more GTFS feeds (+ reference data) -> one immutable columnar Network.
 *
 * Stages: entities -> stops -> services -> lines -> patterns and trips (frequencies expanded)
 * -> line directions -> stop/pattern index -> footpaths -> notes -> diversions -> meta.
 * Feeds never share ids: every GTFS id is resolved inside its own feed, and API keys are
 * assigned so that two feeds cannot produce the same key (see key-profiles.ts).
 */
import type { GtfsFeed, GtfsWarning, StopRow } from "../gtfs/types.js";
import { serviceDateToDayNumber, dayNumberToServiceDate } from "../lib/service-date.js";
import { findMunicipality } from "../reference/find-municipality.js";
import type { ReferenceData } from "../reference/types.js";
import { buildFootpaths, FOOTPATH_PARAMETERS } from "./build-footpaths.js";
import { NONE16, NONE32, SNAPSHOT_FORMAT_VERSION } from "./constants.js";
import {
  compareKeys,
  delijnLineKey,
  delijnStopEntity,
  naturalCompare,
  stableNumbers,
} from "./key-profiles.js";
import { matchColour } from "./match-colour.js";
import {
  ACCESSIBILITY_FLAGS,
  type ColourInfo,
  type DiversionInfo,
  type EntityInfo,
  type KeyProfile,
  type MunicipalityInfo,
  type Network,
  type NetworkMeta,
  type RegionInfo,
  type StopColumns,
} from "./model.js";
import { StringPool } from "./packed-strings.js";
import { bedieningtypeIndex, bedieningtypeOf, vervoertypeIndex, vervoertypeOf } from "./route-types.js";
import { fillServiceDays, serviceDayBounds, serviceDaysLayout } from "./service-days.js";

export interface CompileInput {
  feed: GtfsFeed;
  profile: KeyProfile;
}

export interface CompileOptions {
  /** Municipalities, regions, entities and colours; without it stops get no municipality and lines no region. */
  reference?: ReferenceData;
  /** Written into meta.createdAt (tests pin it). */
  now?: Date;
  /** Called at the start of each stage, for progress output. */
  onStage?: (stage: string) => void;
}

/** A compile-time warning, aggregated by code into meta.warnings. */
class Warnings {
  private readonly byCode = new Map<string, { count: number; example: string }>();
  add(code: string, message: string, count = 1): void {
    const w = this.byCode.get(code);
    if (w) w.count += count;
    else this.byCode.set(code, { count, example: message });
  }
  list(): NetworkMeta["warnings"] {
    return [...this.byCode].map(([code, w]) => ({ code, count: w.count, example: w.example }));
  }
}

interface StopDraft {
  feed: number;
  row: StopRow;
  entity: number;
  number: string;
}

interface LineDraft {
  entity: number;
  number: string;
  feed: number;
  routeIds: string[];
  publicNumber: string;
  description: string;
  routeType: number;
  serviceType: number;
  transportType: number;
  isPublic: number;
  colourFg: number;
  colourBg: number;
  colourFgBorder: number;
  colourBgBorder: number;
}

interface TripDraft {
  feed: number;
  /** Index into the feed's trips. */
  trip: number;
  /** Seconds added to the feed's times (frequency copies), 0 for a plain trip. */
  offset: number;
  frequencyStart: number;
  /** Departure at the first stop, offset included. */
  firstDeparture: number;
  copy: number;
}

interface PatternDraft {
  line: number;
  direction: number;
  stops: number[];
  flags: number[];
  trips: TripDraft[];
}

const DEFAULT_BG = 0xffffff; // GTFS default route_color
const DEFAULT_FG = 0x000000; // GTFS default route_text_color

export function compileNetwork(inputs: readonly CompileInput[], options: CompileOptions = {}): Network {
  const stage = options.onStage ?? (() => {});
  const ref = options.reference;
  const warnings = new Warnings();
  const pool = new StringPool();
  for (const { feed } of inputs) {
    const listed = new Map<string, GtfsWarning>();
    const counts = new Map<string, number>();
    for (const w of feed.warnings) {
      if (!listed.has(w.code)) listed.set(w.code, w);
      counts.set(w.code, (counts.get(w.code) ?? 0) + 1);
    }
    for (const [code, w] of listed) {
      warnings.add(code, `${feed.source}: ${w.file} line ${w.line}: ${w.message}`, feed.warningCounts?.[code] ?? counts.get(code)!);
    }
  }

  // --- reference tables ------------------------------------------------------------------------
  const regions: RegionInfo[] = (ref?.regions ?? []).map((r) => ({ code: r.code, number: r.number, name: r.name }));
  const regionByCode = new Map(regions.map((r, i) => [r.code, i]));
  const colours: ColourInfo[] = (ref?.colours ?? []).map((c) => ({ ...c }));

  // --- entities ----------------------------------------------------------------------------------
  stage("entities");
  const entities: EntityInfo[] = [];
  const entityByNumber = new Map<string, number>();
  const agencyEntity: Array<Map<string, number>> = inputs.map(() => new Map());
  const addEntity = (info: EntityInfo) => {
    entityByNumber.set(info.number, entities.length);
    entities.push(info);
    return entities.length - 1;
  };
  inputs.forEach(({ feed, profile }, f) => {
    if (profile !== "delijn") return;
    for (const a of feed.agencies) {
      if (!/^\d+$/.test(a.agencyId)) continue;
      const number = String(Number(a.agencyId));
      let e = entityByNumber.get(number);
      if (e === undefined) {
        const r = ref?.entities.find((x) => x.number === number);
        e = addEntity({ number, code: r?.code ?? a.agencyId, name: r?.name ?? a.name, feed: f, agencyIds: [] });
      }
      entities[e].agencyIds.push(a.agencyId);
      agencyEntity[f].set(a.agencyId, e);
    }
  });
  let nextEntity = Math.max(0, ...[...entityByNumber.keys()].map(Number)) + 1;
  inputs.forEach(({ feed }, f) => {
    for (const a of feed.agencies) {
      if (agencyEntity[f].has(a.agencyId)) continue;
      if (feed.agencies.length > 0 && a.agencyId === "" && agencyEntity[f].size > 0) continue;
      const e = addEntity({ number: String(nextEntity++), code: a.agencyId || a.name, name: a.name, feed: f, agencyIds: [a.agencyId] });
      agencyEntity[f].set(a.agencyId, e);
    }
  });
  const feedDefaultEntity = inputs.map(({ feed }, f) => agencyEntity[f].get(feed.agencies[0]?.agencyId ?? "") ?? 0);
  const routeEntity = (f: number, agencyId: string) =>
    agencyEntity[f].get(agencyId) ?? (agencyId ? undefined : feedDefaultEntity[f]);

  // --- stops -------------------------------------------------------------------------------------
  stage("stops");
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
    const numbers = profile === "generic" ? stableNumbers(chosen.map((i) => feed.stops[i].stopId)) : undefined;
    const map = new Int32Array(feed.stops.length).fill(-1);
    for (const i of chosen) {
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
        entity = firstEntity[i] >= 0 ? firstEntity[i] : feedDefaultEntity[f];
        number = numbers!.get(row.stopId)!;
      }
      map[i] = stopDrafts.length;
      stopDrafts.push({ feed: f, row, entity, number });
    }
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
    stops.wheelchair[s] = r.wheelchairBoarding;
    stops.parentName[s] = pool.intern(parentName[d.feed].get(r.parentStation) ?? "");
  });
  // Reference data of another region (the default Flanders data under a New York feed) covers
  // nothing: serve no municipalities and regions rather than 285 empty Flemish ones.
  const referenceCovers = !ref || stopCount === 0 || outside < stopCount;
  if (!referenceCovers) {
    warnings.add("reference_not_covering", `no stop lies in a municipality of the reference data (${ref!.dir}): municipalities and regions left out`);
  } else if (outside) {
    warnings.add("stop_outside_municipalities", `${outside} stops lie outside every municipality of the reference data`, outside);
  }

  // --- services ----------------------------------------------------------------------------------
  stage("services");
  const layout = serviceDaysLayout(
    inputs.flatMap((i) => i.feed.calendars),
    inputs.flatMap((i) => i.feed.calendarDates),
  );
  const serviceIds: Array<Map<string, number>> = [];
  const serviceGtfs: string[] = [];
  inputs.forEach(({ feed }) => {
    const m = new Map<string, number>();
    for (const c of feed.calendars) if (!m.has(c.serviceId)) m.set(c.serviceId, m.size + serviceGtfs.length);
    for (const c of feed.calendarDates) if (!m.has(c.serviceId)) m.set(c.serviceId, m.size + serviceGtfs.length);
    for (const id of m.keys()) serviceGtfs.push(id);
    serviceIds.push(m);
  });
  const serviceCount = serviceGtfs.length;
  const days = new Uint32Array(serviceCount * layout.wordsPerService);
  inputs.forEach(({ feed }, f) => {
    const cal = groupBy(feed.calendars, (c) => c.serviceId);
    const dates = groupBy(feed.calendarDates, (c) => c.serviceId);
    for (const [id, s] of serviceIds[f]) {
      fillServiceDays(days, s * layout.wordsPerService, layout, cal.get(id) ?? [], dates.get(id) ?? []);
    }
  });
  const services = {
    count: serviceCount,
    gtfsId: Uint32Array.from(serviceGtfs, (s) => pool.intern(s)),
    days,
  };
  const day0 = serviceDateToDayNumber(layout.calendarStart);
  const serviceBounds = Array.from({ length: serviceCount }, (_, s) => serviceDayBounds(days, s * layout.wordsPerService, layout.wordsPerService));

  // --- lines ---------------------------------------------------------------------------------------
  stage("lines");
  const lineDrafts: LineDraft[] = [];
  const lineByKey = new Map<string, number>();
  const routeLine: Array<Map<string, number>> = inputs.map(() => new Map());
  inputs.forEach(({ feed, profile }, f) => {
    const genericRoutes: Array<{ routeId: string; entity: number; order: number | undefined }> = [];
    const keyOf = new Map<string, { entity: number; number: string }>();
    for (const r of feed.routes) {
      const entity = routeEntity(f, r.agencyId);
      if (entity === undefined) {
        warnings.add("unknown_agency", `route ${r.routeId} names agency ${r.agencyId}, which agency.txt lacks; skipped`);
        continue;
      }
      const k = profile === "delijn" ? delijnLineKey(r.routeId) : undefined;
      const ke = k ? entityByNumber.get(k.entity) : undefined;
      if (k && ke !== undefined) keyOf.set(r.routeId, { entity: ke, number: k.line });
      else {
        if (profile === "delijn") warnings.add("route_key_convention", `route ${r.routeId} does not start with entity digit + 3-digit line number`);
        genericRoutes.push({ routeId: r.routeId, entity, order: r.sortOrder });
      }
    }
    for (const [entity, list] of groupBy(genericRoutes, (r) => r.entity)) {
      // Sort order first, then id: the numbering is stable for the same feed.
      list.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || naturalCompare(a.routeId, b.routeId));
      const allNumeric = list.every((r) => /^\d{1,9}$/.test(r.routeId));
      list.forEach((r, i) => keyOf.set(r.routeId, { entity, number: allNumeric ? String(Number(r.routeId)) : String(i + 1) }));
    }
    // Routes without trips become no line (a line without trips has no validity); they still
    // count in the generic numbering above, so numbers stay stable when a route starts running.
    const used = new Set<string>();
    feed.trips.forEach((t, ti) => {
      if (feed.stopTimes.tripStart[ti + 1] > feed.stopTimes.tripStart[ti]) used.add(t.routeId);
    });
    for (const r of feed.routes) {
      const k = keyOf.get(r.routeId);
      if (!k || !used.has(r.routeId)) continue;
      const key = `${k.entity}_${k.number}`;
      let l = lineByKey.get(key);
      if (l === undefined) {
        const serviceType = bedieningtypeOf(r.routeType, r.serviceType);
        l = lineDrafts.length;
        lineByKey.set(key, l);
        const bg = r.color ?? DEFAULT_BG;
        const fg = r.textColor ?? DEFAULT_FG;
        lineDrafts.push({
          entity: k.entity,
          number: k.number,
          feed: f,
          routeIds: [],
          // Without route_short_name: the delijn line number, else the route's own id.
          publicNumber: r.shortName || (profile === "delijn" && delijnLineKey(r.routeId) ? k.number : r.routeId),
          description: r.longName || r.desc,
          routeType: r.routeType,
          serviceType: bedieningtypeIndex(serviceType),
          transportType: vervoertypeIndex(vervoertypeOf(r.routeType)),
          isPublic: r.isPublic ?? (serviceType === "TECHNISCHE_LIJN" ? 0 : 1),
          colourBg: bg,
          colourFg: fg,
          colourBgBorder: r.borderColor ?? bg,
          colourFgBorder: r.textBorderColor ?? fg,
        });
      }
      lineDrafts[l].routeIds.push(r.routeId);
      routeLine[f].set(r.routeId, l);
    }
  });
  const lineOrder = lineDrafts
    .map((_, i) => i)
    .sort((a, b) => {
      const x = lineDrafts[a];
      const y = lineDrafts[b];
      return compareKeys(entities[x.entity].number, entities[y.entity].number) || compareKeys(x.number, y.number);
    });
  const draftToLine = new Int32Array(lineDrafts.length);
  lineOrder.forEach((d, i) => (draftToLine[d] = i));
  for (const m of routeLine) for (const [k, v] of m) m.set(k, draftToLine[v]);
  const lineCount = lineDrafts.length;

  // --- patterns and trips ----------------------------------------------------------------------------
  stage("patterns");
  const patternByKey = new Map<string, number>();
  const patternDrafts: PatternDraft[] = [];
  inputs.forEach(({ feed }, f) => {
    const st = feed.stopTimes;
    const freq = groupBy(feed.frequencies, (x) => x.tripId);
    const stopMap = feedStopToStop[f];
    const stopsBuf: number[] = [];
    const flagsBuf: number[] = [];
    feed.trips.forEach((t, ti) => {
      const from = st.tripStart[ti];
      const to = st.tripStart[ti + 1];
      if (to - from < 1) return;
      const line = routeLine[f].get(t.routeId);
      if (line === undefined) return;
      const direction = t.directionId === 1 ? 1 : 0;
      stopsBuf.length = 0;
      flagsBuf.length = 0;
      for (let i = from; i < to; i++) {
        stopsBuf.push(stopMap[st.stop[i]]);
        flagsBuf.push(st.pickupType[i] | (st.dropOffType[i] << 2));
      }
      const key = `${line}|${direction}|${stopsBuf.join(",")}|${flagsBuf.join("")}`;
      let p = patternByKey.get(key);
      if (p === undefined) {
        p = patternDrafts.length;
        patternByKey.set(key, p);
        patternDrafts.push({ line, direction, stops: [...stopsBuf], flags: [...flagsBuf], trips: [] });
      }
      const first = st.departure[from];
      const frequencies = freq.get(t.tripId);
      if (!frequencies) {
        patternDrafts[p].trips.push({ feed: f, trip: ti, offset: 0, frequencyStart: -1, firstDeparture: first, copy: 0 });
        return;
      }
      // frequencies.txt: the trip's own times only give the spacing; a copy starts every headway
      // from start_time while before end_time (exact_times 0 is expanded the same way).
      let copy = 0;
      for (const fr of frequencies) {
        if (fr.headwaySecs <= 0) continue;
        for (let dep = fr.start; dep < fr.end; dep += fr.headwaySecs) {
          patternDrafts[p].trips.push({ feed: f, trip: ti, offset: dep - first, frequencyStart: dep, firstDeparture: dep, copy: copy++ });
        }
      }
    });
  });
  const patternOrder = patternDrafts
    .map((_, i) => i)
    .sort((a, b) => patternDrafts[a].line - patternDrafts[b].line || patternDrafts[a].direction - patternDrafts[b].direction || a - b);
  const patternCount = patternDrafts.length;
  let tripCount = 0;
  let stopTimeCount = 0;
  let patternStopCount = 0;
  for (const p of patternDrafts) {
    tripCount += p.trips.length;
    stopTimeCount += p.trips.length * p.stops.length;
    patternStopCount += p.stops.length;
  }
  const patterns = {
    count: patternCount,
    line: new Uint32Array(patternCount),
    direction: new Uint8Array(patternCount),
    stopStart: new Uint32Array(patternCount + 1),
    stops: new Uint32Array(patternStopCount),
    stopFlags: new Uint8Array(patternStopCount),
    tripStart: new Uint32Array(patternCount + 1),
  };
  const trips = {
    count: tripCount,
    pattern: new Uint32Array(tripCount),
    service: new Uint32Array(tripCount),
    gtfsId: new Uint32Array(tripCount),
    number: new Uint32Array(tripCount),
    headsign: new Uint32Array(tripCount),
    wheelchair: new Uint8Array(tripCount),
    block: new Uint32Array(tripCount),
    frequencyStart: new Int32Array(tripCount),
    stopTimeStart: new Uint32Array(tripCount),
    noteStart: new Uint32Array(tripCount + 1),
    noteRefs: new Uint32Array(0),
  };
  const stopTimes = { count: stopTimeCount, arrival: new Int32Array(stopTimeCount), departure: new Int32Array(stopTimeCount) };
  /** (feed, feed trip) -> the TripIdx it became (several for frequency copies). */
  const tripCopies: Array<Map<number, number[]>> = inputs.map(() => new Map());
  const lineTripCounter = new Uint32Array(lineCount);
  let tripCursor = 0;
  let stCursor = 0;
  let psCursor = 0;
  patternOrder.forEach((d, p) => {
    const pd = patternDrafts[d];
    patterns.line[p] = pd.line;
    patterns.direction[p] = pd.direction;
    patterns.stopStart[p] = psCursor;
    patterns.stops.set(pd.stops, psCursor);
    patterns.stopFlags.set(pd.flags, psCursor);
    psCursor += pd.stops.length;
    patterns.tripStart[p] = tripCursor;
    pd.trips.sort(
      (a, b) =>
        a.firstDeparture - b.firstDeparture ||
        a.feed - b.feed ||
        naturalCompare(inputs[a.feed].feed.trips[a.trip].tripId, inputs[b.feed].feed.trips[b.trip].tripId) ||
        a.copy - b.copy,
    );
    for (const td of pd.trips) {
      const feed = inputs[td.feed].feed;
      const row = feed.trips[td.trip];
      const t = tripCursor++;
      trips.pattern[t] = p;
      const service = serviceIds[td.feed].get(row.serviceId);
      if (service === undefined) throw new Error(`trip ${row.tripId} has unknown service ${row.serviceId}`); // the reader rejects this
      trips.service[t] = service;
      trips.gtfsId[t] = pool.intern(row.tripId);
      const counter = ++lineTripCounter[pd.line];
      const number = row.shortName ? (td.frequencyStart >= 0 ? `${row.shortName}-${td.copy + 1}` : row.shortName) : String(counter);
      trips.number[t] = pool.intern(number);
      trips.headsign[t] = pool.intern(row.headsign);
      trips.wheelchair[t] = row.wheelchairAccessible;
      trips.block[t] = pool.intern(row.blockId);
      trips.frequencyStart[t] = td.frequencyStart;
      trips.stopTimeStart[t] = stCursor;
      const st = feed.stopTimes;
      const from = st.tripStart[td.trip];
      for (let i = 0; i < pd.stops.length; i++) {
        stopTimes.arrival[stCursor + i] = st.arrival[from + i] + td.offset;
        stopTimes.departure[stCursor + i] = st.departure[from + i] + td.offset;
      }
      stCursor += pd.stops.length;
      const copies = tripCopies[td.feed].get(td.trip);
      if (copies) copies.push(t);
      else tripCopies[td.feed].set(td.trip, [t]);
    }
  });
  patterns.stopStart[patternCount] = psCursor;
  patterns.tripStart[patternCount] = tripCursor;

  // --- line directions ---------------------------------------------------------------------------------
  stage("line directions");
  const dirCount = lineCount * 2;
  const lineDirections = {
    exists: new Uint8Array(dirCount),
    destination: new Uint32Array(dirCount),
    description: new Uint32Array(dirCount),
    mainPattern: new Uint32Array(dirCount).fill(NONE32),
    patternStart: new Uint32Array(dirCount + 1),
    patterns: new Uint32Array(patternCount),
    validFrom: new Uint32Array(dirCount),
    validTo: new Uint32Array(dirCount),
  };
  const dirPatterns: number[][] = Array.from({ length: dirCount }, () => []);
  for (let p = 0; p < patternCount; p++) dirPatterns[patterns.line[p] * 2 + patterns.direction[p]].push(p);
  const tripsOf = (p: number) => patterns.tripStart[p + 1] - patterns.tripStart[p];
  let dpCursor = 0;
  for (let ld = 0; ld < dirCount; ld++) {
    const list = dirPatterns[ld].sort((a, b) => tripsOf(b) - tripsOf(a) || a - b);
    lineDirections.patternStart[ld] = dpCursor;
    lineDirections.patterns.set(list, dpCursor);
    dpCursor += list.length;
    if (list.length === 0) continue;
    lineDirections.exists[ld] = 1;
    const main = list[0];
    lineDirections.mainPattern[ld] = main;
    const headsigns = new Map<number, number>();
    let first = Infinity;
    let last = -Infinity;
    for (const p of list) {
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
        const h = trips.headsign[t];
        if (h !== 0) headsigns.set(h, (headsigns.get(h) ?? 0) + 1);
        const b = serviceBounds[trips.service[t]];
        if (b) {
          first = Math.min(first, b[0]);
          last = Math.max(last, b[1]);
        }
      }
    }
    const firstStop = patterns.stops[patterns.stopStart[main]];
    const lastStop = patterns.stops[patterns.stopStart[main + 1] - 1];
    let best = 0;
    let bestCount = 0;
    for (const [h, c] of headsigns) if (c > bestCount || (c === bestCount && h < best)) [best, bestCount] = [h, c];
    lineDirections.destination[ld] = best || stops.name[lastStop];
    const a = stopPlace[firstStop];
    const b = stopPlace[lastStop];
    lineDirections.description[ld] = pool.intern(
      a !== b ? `${a} - ${b}` : `${pool.get(stops.name[firstStop])} - ${pool.get(stops.name[lastStop])}`,
    );
    if (Number.isFinite(first)) {
      lineDirections.validFrom[ld] = dayNumberToServiceDate(day0 + first);
      lineDirections.validTo[ld] = dayNumberToServiceDate(day0 + last);
    }
  }
  lineDirections.patternStart[dirCount] = dpCursor;

  // --- lines, final columns ------------------------------------------------------------------------------
  const lines = {
    count: lineCount,
    entity: new Uint16Array(lineCount),
    number: new Uint32Array(lineCount),
    publicNumber: new Uint32Array(lineCount),
    description: new Uint32Array(lineCount),
    gtfsId: new Uint32Array(lineCount),
    region: new Uint16Array(lineCount).fill(NONE16),
    isPublic: new Uint8Array(lineCount),
    transportType: new Uint8Array(lineCount),
    serviceType: new Uint8Array(lineCount),
    routeType: new Uint16Array(lineCount),
    validFrom: new Uint32Array(lineCount),
    validTo: new Uint32Array(lineCount),
    colourFg: new Uint32Array(lineCount),
    colourBg: new Uint32Array(lineCount),
    colourFgBorder: new Uint32Array(lineCount),
    colourBgBorder: new Uint32Array(lineCount),
    paletteFg: new Uint8Array(lineCount),
    paletteBg: new Uint8Array(lineCount),
    paletteFgBorder: new Uint8Array(lineCount),
    paletteBgBorder: new Uint8Array(lineCount),
  };
  lineOrder.forEach((d, l) => {
    const x = lineDrafts[d];
    lines.entity[l] = x.entity;
    lines.number[l] = pool.intern(x.number);
    lines.publicNumber[l] = pool.intern(x.publicNumber);
    lines.gtfsId[l] = pool.intern(x.routeIds[0]);
    lines.isPublic[l] = x.isPublic;
    lines.transportType[l] = x.transportType;
    lines.serviceType[l] = x.serviceType;
    lines.routeType[l] = x.routeType;
    lines.colourFg[l] = x.colourFg;
    lines.colourBg[l] = x.colourBg;
    lines.colourFgBorder[l] = x.colourFgBorder;
    lines.colourBgBorder[l] = x.colourBgBorder;
    lines.paletteFg[l] = matchColour(x.colourFg, colours);
    lines.paletteBg[l] = matchColour(x.colourBg, colours);
    lines.paletteFgBorder[l] = matchColour(x.colourFgBorder, colours);
    lines.paletteBgBorder[l] = matchColour(x.colourBgBorder, colours);
    const dirs = [l * 2, l * 2 + 1].filter((ld) => lineDirections.exists[ld]);
    lines.description[l] = x.description ? pool.intern(x.description) : dirs.length ? lineDirections.description[dirs[0]] : 0;
    const from = dirs.map((ld) => lineDirections.validFrom[ld]).filter((v) => v > 0);
    const to = dirs.map((ld) => lineDirections.validTo[ld]).filter((v) => v > 0);
    lines.validFrom[l] = from.length ? Math.min(...from) : 0;
    lines.validTo[l] = to.length ? Math.max(...to) : 0;
    // Transport region: the region of the municipality holding most of the line's stops.
    const seen = new Set<number>();
    const votes = new Map<number, number>();
    for (const ld of dirs) {
      for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
        const p = lineDirections.patterns[r];
        for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
          const s = patterns.stops[i];
          if (seen.has(s)) continue;
          seen.add(s);
          const m = stops.municipality[s];
          if (m === NONE16) continue;
          const region = municipalities[m].region;
          if (region >= 0) votes.set(region, (votes.get(region) ?? 0) + 1);
        }
      }
    }
    let bestRegion = NONE16;
    let bestVotes = 0;
    for (const [region, v] of votes) if (v > bestVotes || (v === bestVotes && region < bestRegion)) [bestRegion, bestVotes] = [region, v];
    lines.region[l] = bestRegion;
  });

  // --- stop -> patterns --------------------------------------------------------------------------------
  stage("stop index");
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

  // --- footpaths -----------------------------------------------------------------------------------------
  stage("footpaths");
  const transfers = inputs.flatMap(({ feed }, f) => {
    const byId = new Map(feed.stops.map((s, i) => [s.stopId, i]));
    return feed.transfers.flatMap((row) => {
      const a = feedStopToStop[f][byId.get(row.fromStopId) ?? -1];
      const b = feedStopToStop[f][byId.get(row.toStopId) ?? -1];
      return a !== undefined && b !== undefined && a >= 0 && b >= 0 ? [{ from: a, to: b, row }] : [];
    });
  });
  const fp = buildFootpaths(stops.lat, stops.lon, transfers);
  stops.footpathStart = fp.start;
  stops.footpathTo = fp.to;
  stops.footpathSeconds = fp.seconds;

  // --- notes ---------------------------------------------------------------------------------------------
  stage("notes");
  const noteRowsId: number[] = [];
  const noteRowsText: number[] = [];
  const noteRowsStop: number[] = [];
  const tripNotes: number[][] = Array.from({ length: tripCount }, () => []);
  inputs.forEach(({ feed }, f) => {
    if (feed.notes.length === 0) return;
    const text = new Map(feed.notes.map((n) => [n.noteId, n.text]));
    const tripIndex = new Map(feed.trips.map((t, i) => [t.tripId, i]));
    const stopIndex = new Map(feed.stops.map((s, i) => [s.stopId, i]));
    const rowOf = new Map<string, number>();
    for (const a of feed.noteAssignments) {
      const t = tripIndex.get(a.tripId);
      const noteText = text.get(a.noteId);
      const stop = a.stopId ? feedStopToStop[f][stopIndex.get(a.stopId) ?? -1] : NONE32;
      if (t === undefined || noteText === undefined || stop === undefined || stop < 0) {
        warnings.add("note_reference", `note assignment ${a.noteId}/${a.tripId}/${a.stopId} names an unknown note, trip or stop; skipped`);
        continue;
      }
      const key = `${a.noteId}|${stop}`;
      let row = rowOf.get(key);
      if (row === undefined) {
        row = noteRowsId.length;
        rowOf.set(key, row);
        noteRowsId.push(a.noteId);
        noteRowsText.push(pool.intern(noteText));
        noteRowsStop.push(stop);
      }
      for (const tripIdx of tripCopies[f].get(t) ?? []) tripNotes[tripIdx].push(row);
    }
  });
  const notes = {
    count: noteRowsId.length,
    id: Uint32Array.from(noteRowsId),
    text: Uint32Array.from(noteRowsText),
    stop: Uint32Array.from(noteRowsStop),
  };
  {
    let n = 0;
    for (let t = 0; t < tripCount; t++) {
      trips.noteStart[t] = n;
      n += tripNotes[t].length;
    }
    trips.noteStart[tripCount] = n;
    trips.noteRefs = new Uint32Array(n);
    for (let t = 0; t < tripCount; t++) trips.noteRefs.set(tripNotes[t], trips.noteStart[t]);
  }

  // --- diversions --------------------------------------------------------------------------------------
  stage("diversions");
  const diversions: DiversionInfo[] = [];
  const diversionIds = new Set<number>();
  inputs.forEach(({ feed }, f) => {
    const stopIndex = new Map(feed.stops.map((s, i) => [s.stopId, i]));
    const texts = groupBy(feed.diversionTexts, (t) => t.diversionId);
    const routes = groupBy(feed.diversionRoutes, (t) => t.diversionId);
    const dstops = groupBy(feed.diversionStops, (t) => t.diversionId);
    for (const d of feed.diversions) {
      if (diversionIds.has(d.diversionId)) {
        warnings.add("duplicate_diversion", `diversion ${d.diversionId} appears twice; the first is kept`);
        continue;
      }
      diversionIds.add(d.diversionId);
      const t: DiversionInfo["texts"] = {};
      for (const x of texts.get(d.diversionId) ?? []) t[x.language.toLowerCase()] = { title: x.title, description: x.description };
      if (!t.nl) {
        const any = Object.values(t)[0];
        t.nl = any ?? { title: "", description: "" };
        warnings.add("diversion_without_dutch", `diversion ${d.diversionId} has no Dutch text`);
      }
      const lds = new Set<number>();
      for (const r of routes.get(d.diversionId) ?? []) {
        const l = routeLine[f].get(r.routeId);
        if (l === undefined) warnings.add("diversion_reference", `diversion ${d.diversionId} names unknown route ${r.routeId}`);
        else lds.add(l * 2 + (r.directionId === 1 ? 1 : 0));
      }
      const ss = new Set<number>();
      for (const s of dstops.get(d.diversionId) ?? []) {
        const idx = feedStopToStop[f][stopIndex.get(s.stopId) ?? -1];
        if (idx === undefined || idx < 0) warnings.add("diversion_reference", `diversion ${d.diversionId} names unknown stop ${s.stopId}`);
        else ss.add(idx);
      }
      diversions.push({
        id: d.diversionId,
        kind: d.kind,
        type: d.type,
        start: d.start,
        end: d.end,
        weekdays: d.weekdays,
        texts: t,
        lineDirections: [...lds].sort((a, b) => a - b),
        stops: [...ss].sort((a, b) => a - b),
      });
    }
  });
  diversions.sort((a, b) => a.id - b.id);

  // --- meta ----------------------------------------------------------------------------------------------
  stage("meta");
  const zones = new Set(inputs.flatMap(({ feed }) => feed.agencies.map((a) => a.timezone).filter(Boolean)));
  const timezone = inputs[0]?.feed.agencies[0]?.timezone || ref?.timezone || "UTC";
  if (zones.size > 1) warnings.add("several_timezones", `agencies use several time zones (${[...zones].join(", ")}); all times use ${timezone}`);
  const validFroms = [...lines.validFrom].filter((v) => v > 0);
  const validTos = [...lines.validTo].filter((v) => v > 0);
  const meta: NetworkMeta = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    createdAt: (options.now ?? new Date()).toISOString(),
    timezone,
    validFrom: validFroms.length ? validFroms.reduce((a, b) => Math.min(a, b)) : 0,
    validTo: validTos.length ? validTos.reduce((a, b) => Math.max(a, b)) : 0,
    calendarStart: layout.calendarStart,
    dayCount: layout.dayCount,
    wordsPerService: layout.wordsPerService,
    feeds: inputs.map(({ feed, profile }) => ({
      source: feed.source,
      profile,
      publisher: feed.feedInfo?.publisherName,
      version: feed.feedInfo?.version,
      rows: feed.rows,
    })),
    entities,
    regions: referenceCovers ? regions : [],
    municipalities: referenceCovers ? municipalities : [],
    colours,
    diversions,
    footpaths: { ...FOOTPATH_PARAMETERS },
    warnings: warnings.list(),
  };

  return {
    meta,
    strings: pool.pack(),
    stops,
    lines,
    lineDirections,
    patterns,
    trips,
    stopTimes,
    services,
    notes,
  };
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

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
