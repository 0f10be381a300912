/**
 * Generated lines for every transport region, so that each region looks like a believable
 * network: city lines through the sub-municipalities of its main towns, lines between its hubs
 * (railway stations of its towns), and radial lines from the nearest hub that reach every
 * municipality no line serves yet, calling at the towns on the way.
 */
import { findMunicipality } from "../reference/find-municipality.js";
import type { ReferenceData, ReferenceMunicipality, ReferenceStation } from "../reference/types.js";
import { distanceMeters, distanceToSegment, offsetMeters } from "./geo.js";
import type { LinePlan } from "./line-plan.js";
import { placeName } from "./stop-names.js";

export interface RegionPlan {
  /** Railway stations (stations.csv names) of the region's hubs, main hub first. */
  hubs: string[];
  /** Hubs that get city lines, with how many. */
  cityLines: Record<string, number>;
  /** First internal line number of the region's generated lines (lijnnummer block). */
  firstNumber: number;
}

export const REGION_PLANS: Record<string, RegionPlan> = {
  AA: { hubs: ["Aalst", "Dendermonde", "Ninove"], cityLines: {}, firstNumber: 720 },
  AN: { hubs: ["Antwerpen-Centraal", "Lier", "Boom"], cityLines: { "Antwerpen-Centraal": 3, Lier: 1 }, firstNumber: 400 },
  BR: { hubs: ["Brugge", "Knokke", "Blankenberge"], cityLines: { Brugge: 3 }, firstNumber: 1 },
  GE: { hubs: ["Gent-Sint-Pieters", "Eeklo", "Deinze"], cityLines: { "Gent-Sint-Pieters": 3 }, firstNumber: 600 },
  KE: { hubs: ["Turnhout", "Herentals", "Geel", "Mol"], cityLines: { Turnhout: 1 }, firstNumber: 200 },
  KO: { hubs: ["Kortrijk", "Waregem", "Menen"], cityLines: { Kortrijk: 2 }, firstNumber: 100 },
  LI: { hubs: ["Hasselt", "Genk", "Sint-Truiden", "Tongeren", "Lommel", "Bilzen"], cityLines: { Hasselt: 2, Genk: 2 }, firstNumber: 1 },
  LV: { hubs: ["Tienen", "Diest", "Aarschot"], cityLines: {}, firstNumber: 700 },
  ME: { hubs: ["Mechelen", "Heist-op-den-Berg", "Willebroek"], cityLines: { Mechelen: 2 }, firstNumber: 500 },
  OO: { hubs: ["Oostende", "Koksijde"], cityLines: { Oostende: 2 }, firstNumber: 300 },
  RO: { hubs: ["Roeselare", "Tielt", "Torhout"], cityLines: { Roeselare: 2 }, firstNumber: 400 },
  VA: { hubs: ["Oudenaarde", "Zottegem", "Ronse", "Geraardsbergen"], cityLines: {}, firstNumber: 700 },
  VR: { hubs: ["Vilvoorde", "Halle", "Asse", "Zaventem"], cityLines: { Vilvoorde: 1 }, firstNumber: 100 },
  WA: { hubs: ["Sint-Niklaas", "Lokeren"], cityLines: { "Sint-Niklaas": 2 }, firstNumber: 100 },
  WH: { hubs: ["Ieper", "Poperinge", "Veurne", "Diksmuide"], cityLines: { Ieper: 1 }, firstNumber: 500 },
};

/** Internal line numbers per entity: generated lines take the next free number of their block. */
export class LineNumbers {
  private readonly used = new Map<string, Set<number>>();

  reserve(entity: string, n: number): void {
    const set = this.used.get(entity) ?? new Set<number>();
    if (set.has(n)) throw new Error(`demo: line ${entity}/${n} is defined twice`);
    set.add(n);
    this.used.set(entity, set);
  }

  take(entity: string, from: number): number {
    const set = this.used.get(entity) ?? new Set<number>();
    let n = from;
    while (set.has(n)) n++;
    if (n > 999) throw new Error(`demo: entity ${entity} ran out of line numbers`);
    this.reserve(entity, n);
    return n;
  }
}

export interface RegionLineContext {
  ref: ReferenceData;
  numbers: LineNumbers;
  /** Whether some stop of a built line lies in the municipality. */
  isServed(nis: number): boolean;
  /** Whether some stop of a built line lies within `meters` of p. */
  hasStopNear(p: { lat: number; lon: number }, meters: number): boolean;
  /** Builds the line at once (so that coverage is up to date for the next decision). */
  add(plan: LinePlan): void;
}

export function addRegionLines(regionCode: string, ctx: RegionLineContext): void {
  const plan = REGION_PLANS[regionCode];
  const { ref } = ctx;
  const hubs = plan.hubs.map((name) => hubStation(ref, name));
  const entityOf = (s: ReferenceStation) => municipalityOf(ref, s).entityNumber;
  let next = plan.firstNumber;
  const number = (entity: string) => {
    const n = ctx.numbers.take(entity, next);
    next = n + 1;
    return n;
  };

  // City lines: opposite sub-municipalities through the centre and the station.
  for (const [hubName, count] of Object.entries(plan.cityLines)) {
    const station = hubStation(ref, hubName);
    const m = municipalityOf(ref, station);
    const subs = ref.submunicipalities
      .filter((s) => s.municipalityNis === m.nis && placeName(s.name) !== m.name && distanceMeters(s, station) > 1200)
      .map((s) => ({ s, bearing: bearingDegrees(station, s) }))
      .sort((a, b) => a.bearing - b.bearing || a.s.code.localeCompare(b.s.code));
    for (let i = 0; i < count && i < Math.floor(subs.length / 2); i++) {
      const a = subs[i].s;
      const b = subs[(i + Math.floor(subs.length / 2)) % subs.length].s;
      const entity = m.entityNumber;
      const n = number(entity);
      ctx.add({
        entity,
        number: n,
        publicNumber: String(i + 1),
        description: `${placeName(a.name)} - ${m.name} Station - ${placeName(b.name)}`,
        serviceType: "NORMAAL",
        routeType: 3,
        schedule: "cityMinor",
        waypoints: [a.name, `nis:${m.nis}`, `station:${station.name}`, b.name],
      });
    }
  }

  // Lines between the hubs: a minimum spanning tree, so every hub links to its nearest neighbour.
  const linked = [0];
  while (linked.length < hubs.length) {
    let best: [number, number] | undefined;
    let bestD = Infinity;
    for (const i of linked) {
      hubs.forEach((hub, j) => {
        if (linked.includes(j)) return;
        const d = distanceMeters(hubs[i], hub);
        if (d < bestD) {
          bestD = d;
          best = [i, j];
        }
      });
    }
    const [i, j] = best!;
    linked.push(j);
    const a = hubs[i];
    const b = hubs[j];
    const entity = entityOf(a);
    const n = number(entity);
    const ma = municipalityOf(ref, a);
    const mb = municipalityOf(ref, b);
    const via = corridorMunicipalities(ref, a, b, 2500).filter((m) => m !== ma && m !== mb);
    ctx.add({
      entity,
      number: n,
      publicNumber: String(n),
      description: [ma.name, ...via.slice(0, 2).map((m) => m.name), mb.name].join(" - "),
      serviceType: "NORMAAL",
      routeType: 3,
      schedule: linked.length === 2 ? "regional" : "regionalMinor",
      waypoints: [`station:${a.name}`, ...via.map((m) => `nis:${m.nis}`), `station:${b.name}`],
    });
  }

  // Radial lines to every municipality of the region that no line serves yet.
  const pending = ref.municipalities.filter((m) => m.regionCode === regionCode && !ctx.isServed(m.nis));
  const nearestHub = (m: ReferenceMunicipality) =>
    hubs.reduce((best, hub) => (distanceMeters(hub, m) < distanceMeters(best, m) ? hub : best));
  while (pending.length > 0) {
    // The farthest pending municipality from its hub, so that one line sweeps up those on the way.
    pending.sort((p, q) => distanceMeters(nearestHub(q), q) - distanceMeters(nearestHub(p), p) || p.nis - q.nis);
    const far = pending[0];
    const hub = nearestHub(far);
    const hubMunicipality = municipalityOf(ref, hub);
    const via = corridorMunicipalities(ref, hub, far, 3500).filter((m) => m !== far && m !== hubMunicipality);
    for (const m of [far, ...via]) {
      const k = pending.indexOf(m);
      if (k >= 0) pending.splice(k, 1);
    }
    const entity = entityOf(hub);
    const n = number(entity);
    ctx.add({
      entity,
      number: n,
      publicNumber: String(n),
      description: [hubMunicipality.name, ...via.slice(0, 2).map((m) => m.name), far.name].join(" - "),
      serviceType: "NORMAAL",
      routeType: 3,
      schedule: "regionalMinor",
      waypoints: [`station:${hub.name}`, ...via.map((m) => `nis:${m.nis}`), `nis:${far.nis}`],
    });
  }

  addStationLines(regionCode, ctx, hubs, number);
}

/**
 * Railway stations of the region that no stop serves yet (none within 400 m): lines from the
 * nearest hub that call at every such station on the way.
 */
function addStationLines(regionCode: string, ctx: RegionLineContext, hubs: ReferenceStation[], number: (entity: string) => number): void {
  const { ref } = ctx;
  const pending = ref.stations.filter((s) => {
    const m = findMunicipality(ref, s.lat, s.lon);
    return m !== undefined && m.regionCode === regionCode && !ctx.hasStopNear(s, 400);
  });
  const nearestHub = (s: ReferenceStation) =>
    hubs.reduce((best, hub) => (distanceMeters(hub, s) < distanceMeters(best, s) ? hub : best));
  while (pending.length > 0) {
    pending.sort((p, q) => distanceMeters(nearestHub(q), q) - distanceMeters(nearestHub(p), p) || p.id.localeCompare(q.id));
    const far = pending[0];
    const hub = nearestHub(far);
    const via = pending
      .map((s) => ({ s, d: distanceToSegment(s, hub, far) }))
      .filter(({ s, d }) => s !== far && d.meters <= 4000 && d.t > 0.02)
      .sort((p, q) => p.d.t - q.d.t)
      .map(({ s }) => s);
    for (const s of [far, ...via]) pending.splice(pending.indexOf(s), 1);
    const hubMunicipality = municipalityOf(ref, hub);
    const entity = hubMunicipality.entityNumber;
    const n = number(entity);
    const names = [...via, far].map((s) => s.name.split("/")[0]);
    ctx.add({
      entity,
      number: n,
      publicNumber: String(n),
      description: [hubMunicipality.name, ...names.slice(-2)].join(" - "),
      serviceType: "NORMAAL",
      routeType: 3,
      schedule: "peak",
      waypoints: [`station:${hub.name}`, ...via.map((s) => `station:${s.name}`), `station:${far.name}`],
    });
  }
}

function hubStation(ref: ReferenceData, name: string): ReferenceStation {
  const s = ref.stations.find((x) => x.name === name);
  if (!s) throw new Error(`demo: no station ${name}`);
  return s;
}

function municipalityOf(ref: ReferenceData, p: { lat: number; lon: number }): ReferenceMunicipality {
  const inside = findMunicipality(ref, p.lat, p.lon);
  if (inside) return inside;
  let best = ref.municipalities[0];
  for (const m of ref.municipalities) {
    if (distanceMeters(m, p) < distanceMeters(best, p)) best = m;
  }
  return best;
}

/** Municipalities whose centre lies within `meters` of the way from a to b, in order along it. */
function corridorMunicipalities(
  ref: ReferenceData,
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
  meters: number,
): ReferenceMunicipality[] {
  return ref.municipalities
    .map((m) => ({ m, d: distanceToSegment(m, a, b) }))
    .filter(({ d }) => d.meters <= meters && d.t > 0.05 && d.t < 0.97)
    .sort((p, q) => p.d.t - q.d.t)
    .map(({ m }) => m);
}

function bearingDegrees(from: { lat: number; lon: number }, to: { lat: number; lon: number }): number {
  const v = offsetMeters(from, to);
  return ((Math.atan2(v.x, v.y) * 180) / Math.PI + 360) % 360;
}
