/**
 * All stops of the demo network: the real Leuven stops, and generated stops created on demand
 * as lines pass. Stops come in places (a name at a position) with one stop per side of the
 * street, as the operator numbers them: a line direction uses the stop on its right-hand side.
 */
import { findMunicipality } from "../reference/find-municipality.js";
import type { ReferenceData, ReferenceMunicipality, ReferenceSubmunicipality } from "../reference/types.js";
import { distanceMeters, moveMeters, offsetMeters, round6, type LatLon } from "./geo.js";
import { createPrng, type Prng } from "./prng.js";
import { centreName, placeName, stationStopName, streetName, villageName } from "./stop-names.js";

export type PlaceKind = "real" | "station" | "centre" | "village" | "named" | "street";

export interface DemoStop {
  /** haltenummer = stop_id: 6 digits, the first is the entity. */
  id: string;
  entity: string;
  name: string;
  /** stop_place: the sub-municipality (or district) before the name in omschrijvingLang. */
  place: string;
  lat: number;
  lon: number;
  /** halteToegankelijkheden, sorted as the API lists them. */
  accessibility: string[];
  municipalityNis: number;
  real: boolean;
  /** Travel bearing in degrees (clockwise from north) this generated stop serves. */
  bearing: number | undefined;
  stopPlace: StopPlace;
}

export interface StopPlace {
  index: number;
  kind: PlaceKind;
  name: string;
  place: string;
  lat: number;
  lon: number;
  municipality: ReferenceMunicipality;
  stops: DemoStop[];
  /** False for bus-station platforms (perrons): a route may start or end there, not pass through. */
  traversable: boolean;
}

const LEUVEN_NIS = 24062;
const GRID_DEGREES = 0.01;
/** Generated stops of one place sit this far right of the place's centre line. */
const SIDE_OFFSET_METERS = 9;

export class StopRegistry {
  readonly places: StopPlace[] = [];
  readonly realPlaces: StopPlace[] = [];
  private readonly realByLongName = new Map<string, StopPlace>();
  private readonly grid = new Map<number, StopPlace[]>();
  private readonly usedIds = new Set<string>();
  /** How many line directions use each real stop (to spread lines over the bays of a place). */
  private readonly realUses = new Map<DemoStop, number>();
  private readonly nextNumber = new Map<string, number>();
  private readonly namesInPlace = new Map<string, Set<string>>();
  private readonly subsByNis = new Map<number, ReferenceSubmunicipality[]>();
  private readonly rng: Prng = createPrng("stops");

  constructor(readonly ref: ReferenceData) {
    for (const s of ref.submunicipalities) {
      const list = this.subsByNis.get(s.municipalityNis) ?? [];
      list.push(s);
      this.subsByNis.set(s.municipalityNis, list);
    }
    for (const s of ref.stops) this.usedIds.add(s.stopNumber);
    this.addRealStops();
  }

  /** The municipality containing a point, undefined outside Flanders. */
  municipalityAt(p: LatLon): ReferenceMunicipality | undefined {
    return findMunicipality(this.ref, p.lat, p.lon);
  }

  /** Whether generated stops may stand at p: inside Flanders, outside Leuven (real stops only there). */
  canGenerateAt(p: LatLon): boolean {
    const m = this.municipalityAt(p);
    return m !== undefined && m.nis !== LEUVEN_NIS;
  }

  isInLeuven(p: LatLon): boolean {
    return this.municipalityAt(p)?.nis === LEUVEN_NIS;
  }

  realPlace(longName: string): StopPlace {
    const p = this.realByLongName.get(longName);
    if (!p) throw new Error(`demo: no real Leuven stop is called "${longName}"`);
    return p;
  }

  /** The nearest generated place within `radiusMeters` of p. */
  generatedPlaceNear(p: LatLon, radiusMeters: number): StopPlace | undefined {
    let best: StopPlace | undefined;
    let bestD = radiusMeters;
    const ci = Math.floor(p.lat / GRID_DEGREES);
    const cj = Math.floor(p.lon / GRID_DEGREES);
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (const place of this.grid.get(gridKey(ci + di, cj + dj)) ?? []) {
          const d = distanceMeters(p, place);
          if (d <= bestD) {
            bestD = d;
            best = place;
          }
        }
      }
    }
    return best;
  }

  /** Whether a stop (real, or generated and in use) stands within `meters` of p. */
  hasStopNear(p: LatLon, meters: number): boolean {
    const near = this.generatedPlaceNear(p, meters);
    if (near && near.stops.length > 0) return true;
    return this.realPlaces.some((r) => distanceMeters(r, p) <= meters);
  }

  /**
   * A generated place at p (undefined where generated stops may not stand). `name` fixes the
   * stop name (termini, hamlets); otherwise the kind chooses one.
   */
  createPlace(p: LatLon, kind: Exclude<PlaceKind, "real">, name?: string): StopPlace | undefined {
    const municipality = this.municipalityAt(p);
    if (!municipality || municipality.nis === LEUVEN_NIS) return undefined;
    const place = kind === "centre" ? this.mainPlaceName(municipality) : this.subPlaceName(municipality, p);
    const taken = this.namesInPlace.get(place) ?? new Set<string>();
    this.namesInPlace.set(place, taken);
    // "Deurne Silsburg" in Deurne is "Silsburg": the place already precedes the name.
    let stopName = name !== undefined && name.startsWith(place + " ") ? name.slice(place.length + 1) : name;
    if (stopName === undefined) {
      const pick = () =>
        kind === "centre" ? centreName(this.rng) : kind === "village" ? villageName(this.rng) : streetName(this.rng);
      stopName = pick();
      for (let attempt = 0; taken.has(stopName) && attempt < 12; attempt++) stopName = attempt < 4 ? pick() : streetName(this.rng);
      if (taken.has(stopName)) stopName = `${stopName} ${taken.size + 1}`;
    }
    taken.add(stopName);
    const sp: StopPlace = {
      index: this.places.length,
      kind,
      name: stopName,
      place,
      lat: round6(p.lat),
      lon: round6(p.lon),
      municipality,
      stops: [],
      traversable: true,
    };
    this.places.push(sp);
    const key = gridKey(Math.floor(sp.lat / GRID_DEGREES), Math.floor(sp.lon / GRID_DEGREES));
    const cell = this.grid.get(key) ?? [];
    cell.push(sp);
    this.grid.set(key, cell);
    return sp;
  }

  /** Gives a generated place the name of the waypoint that reuses it (a terminus beats a street name). */
  renamePlace(place: StopPlace, fullName: string): void {
    const name = fullName.startsWith(place.place + " ") ? fullName.slice(place.place.length + 1) : fullName;
    if (place.kind === "real" || place.name === name) return;
    this.namesInPlace.get(place.place)?.add(name);
    place.name = name;
    place.kind = "named";
    for (const s of place.stops) s.name = name;
  }

  /** A place in front of a railway station (its name from stations.csv). */
  createStationPlace(station: { name: string; lat: number; lon: number }): StopPlace | undefined {
    const existing = this.generatedPlaceNear(station, 120);
    if (existing) return existing;
    const m = this.municipalityAt(station);
    if (!m) return undefined;
    return this.createPlace(station, "station", stationStopName(station.name, m.name));
  }

  /**
   * The stop of `place` for a vehicle travelling with `bearing`: real places offer the stop on the
   * right-hand side; generated places get a stop per travel direction, created on first use.
   */
  stopFor(place: StopPlace, from: LatLon, to: LatLon): DemoStop {
    const v = offsetMeters(from, to);
    const moving = v.x !== 0 || v.y !== 0;
    if (place.kind === "real") {
      // Right-hand traffic: a stop right of the travel direction; where a place has several bays on
      // that side (or none, when the bays line up along the street), the least used one, so lines
      // spread over the bays of a busy stop.
      const sides = place.stops.map((s) => {
        const o = offsetMeters(place, s);
        return { s, cross: moving ? v.x * o.y - v.y * o.x : 0, uses: this.realUses.get(s) ?? 0 };
      });
      const right = sides.filter((x) => x.cross < 0);
      const pool = right.length > 0 ? right : sides;
      const best = pool.reduce((a, b) => (b.uses < a.uses || (b.uses === a.uses && b.cross < a.cross) ? b : a));
      this.realUses.set(best.s, best.uses + 1);
      return best.s;
    }
    const bearing = moving ? (Math.atan2(v.x, v.y) * 180) / Math.PI : 0;
    for (const s of place.stops) {
      const diff = Math.abs((((s.bearing! - bearing) % 360) + 540) % 360 - 180);
      if (diff <= 60) return s;
    }
    const rad = (bearing * Math.PI) / 180;
    let at = moveMeters(place, Math.cos(rad) * SIDE_OFFSET_METERS, -Math.sin(rad) * SIDE_OFFSET_METERS);
    if (this.municipalityAt(at)?.nis !== place.municipality.nis) at = { lat: place.lat, lon: place.lon };
    const stop: DemoStop = {
      id: this.allocateId(place.municipality.entityNumber),
      entity: place.municipality.entityNumber,
      name: place.name,
      place: place.place,
      lat: round6(at.lat),
      lon: round6(at.lon),
      accessibility: this.accessibilityFor(place.kind),
      municipalityNis: place.municipality.nis,
      real: false,
      bearing,
      stopPlace: place,
    };
    place.stops.push(stop);
    return stop;
  }

  /** Every stop, real ones first (file order), then generated ones in creation order. */
  allStops(): DemoStop[] {
    const out: DemoStop[] = [];
    for (const p of this.realPlaces) out.push(...p.stops);
    for (const p of this.places) out.push(...p.stops);
    return out;
  }

  private accessibilityFor(kind: PlaceKind): string[] {
    const r = this.rng.next();
    const accessibleShare = kind === "station" || kind === "centre" ? 0.75 : 0.45;
    if (r < accessibleShare * 0.7) return ["MOTORISCHE_BEPERKING", "VISUELE_BEPERKING"];
    if (r < accessibleShare) return ["MOTORISCHE_BEPERKING"];
    if (r < accessibleShare + 0.15) return ["MOTORISCH_MET_ASSIST"];
    return [];
  }

  private allocateId(entity: string): string {
    let n = this.nextNumber.get(entity) ?? 1;
    let id = entity + String(n).padStart(5, "0");
    while (this.usedIds.has(id)) id = entity + String(++n).padStart(5, "0");
    if (n > 99_999) throw new Error(`demo: entity ${entity} ran out of stop numbers`);
    this.nextNumber.set(entity, n + 1);
    this.usedIds.add(id);
    return id;
  }

  /** The eponymous sub-municipality (the main town) of a municipality, else its own name. */
  private mainPlaceName(m: ReferenceMunicipality): string {
    const main = (this.subsByNis.get(m.nis) ?? []).find((s) => placeName(s.name) === m.name);
    return main ? placeName(main.name) : m.name;
  }

  /**
   * The sub-municipality whose centre is nearest, within the municipality containing p. The main
   * town also counts from the municipality's centre: its own centroid can lie far out (Antwerpen's
   * includes the port), and the old town is where the addresses are.
   */
  private subPlaceName(m: ReferenceMunicipality, p: LatLon): string {
    let best = m.name;
    let bestD = Infinity;
    for (const s of this.subsByNis.get(m.nis) ?? []) {
      const main = placeName(s.name) === m.name;
      const d = main ? Math.min(distanceMeters(p, s), distanceMeters(p, m)) : distanceMeters(p, s);
      if (d < bestD) {
        bestD = d;
        best = placeName(s.name);
      }
    }
    return best;
  }

  private addRealStops(): void {
    const groups = new Map<string, StopPlace[]>();
    for (const s of this.ref.stops) {
      const m = this.municipalityAt(s);
      if (!m) throw new Error(`demo: real stop ${s.stopNumber} lies outside Flanders`);
      const place = s.longName.endsWith(" " + s.name) ? s.longName.slice(0, -s.name.length - 1) : s.municipality;
      const stop: Omit<DemoStop, "stopPlace"> = {
        id: s.stopNumber,
        entity: s.entity,
        name: s.name,
        place,
        lat: s.lat,
        lon: s.lon,
        accessibility: [...s.accessibility],
        municipalityNis: m.nis,
        real: true,
        bearing: undefined,
      };
      // Stops of one name within 250 m form a place (both sides of the street, or a small cluster).
      const list = groups.get(s.longName) ?? [];
      groups.set(s.longName, list);
      let sp = list.find((p) => p.stops.some((o) => distanceMeters(o, s) < 250));
      if (!sp) {
        sp = {
          index: -1,
          kind: "real",
          name: s.name,
          place,
          lat: s.lat,
          lon: s.lon,
          municipality: m,
          stops: [],
          traversable: !/perron/.test(s.name),
        };
        list.push(sp);
        this.realPlaces.push(sp);
      }
      sp.stops.push({ ...stop, stopPlace: sp });
    }
    this.realPlaces.forEach((p, i) => {
      p.index = i;
      p.lat = p.stops.reduce((a, s) => a + s.lat, 0) / p.stops.length;
      p.lon = p.stops.reduce((a, s) => a + s.lon, 0) / p.stops.length;
    });
    for (const [longName, list] of groups) this.realByLongName.set(longName, list[0]);
  }
}

function gridKey(i: number, j: number): number {
  return i * 100_000 + j;
}
