/**
 * Turns a line's waypoints (line-plan.ts) into the stop sequence of each direction: real Leuven
 * stops chained by the router, generated stops every few hundred metres elsewhere, villages and
 * stations near the way included, each direction on its own side of the street.
 */
import type { ReferenceData, ReferenceStation, ReferenceSubmunicipality } from "../reference/types.js";
import { distanceMeters, distanceToSegment, interpolate, moveMeters, offsetMeters, type LatLon } from "./geo.js";
import type { LeuvenRouter } from "./leuven-router.js";
import type { LinePlan, ScheduleKind } from "./line-plan.js";
import { createPrng, type Prng } from "./prng.js";
import { placeName } from "./stop-names.js";
import type { DemoStop, StopPlace, StopRegistry } from "./stop-registry.js";

export interface DirectionStops {
  stops: DemoStop[];
  /** Per stop: true where the line's plan named the place (a timing point). */
  anchors: boolean[];
}

/** outbound is GTFS direction_id 0 (the API's HEEN), inbound direction_id 1 (TERUG); gtfs.org/schedule/reference/#tripstxt. */
export interface LineStops {
  outbound: DirectionStops;
  inbound: DirectionStops;
}

interface Anchor {
  outbound: StopPlace;
  inbound: StopPlace;
  nonStop: boolean;
}

interface Slot {
  outbound: StopPlace;
  inbound: StopPlace;
  anchor: boolean;
}

const SPACING_METERS: Record<ScheduleKind, number> = {
  tram: 600,
  city: 450,
  cityMinor: 500,
  regional: 950,
  regionalMinor: 1000,
  express: 0,
  snelbus: 0,
  night: 900,
  schoolDays: 850,
  schoolBus: 900,
  factory: 900,
  belbus: 750,
  technical: 0,
  peak: 1000,
};

export class LineStopBuilder {
  private readonly rng: Prng = createPrng("line-stops");
  private readonly subsByName = new Map<string, ReferenceSubmunicipality[]>();
  private readonly stationsByName = new Map<string, ReferenceStation>();

  constructor(
    private readonly ref: ReferenceData,
    private readonly registry: StopRegistry,
    private readonly router: LeuvenRouter,
  ) {
    for (const s of ref.submunicipalities) {
      for (const key of new Set([s.name, placeName(s.name)])) {
        const list = this.subsByName.get(key) ?? [];
        list.push(s);
        this.subsByName.set(key, list);
      }
    }
    for (const s of ref.stations) this.stationsByName.set(s.name, s);
  }

  build(plan: LinePlan): LineStops {
    const where = `line ${plan.entity}/${plan.number}`;
    const anchors: Anchor[] = [];
    let previous: LatLon | undefined;
    for (const w of plan.waypoints) {
      const a = this.resolve(w, previous, where);
      if (!a) continue;
      if (anchors.length > 0 && anchors[anchors.length - 1].outbound === a.outbound) continue;
      anchors.push(a);
      previous = a.outbound;
    }
    if (anchors.length < 2) throw new Error(`demo: ${where} has fewer than two usable waypoints`);

    const spacing = plan.express ? 0 : SPACING_METERS[plan.schedule];
    const slots: Slot[] = [{ outbound: anchors[0].outbound, inbound: anchors[0].inbound, anchor: true }];
    // Places the line has passed, and its waypoints still to come: generated stops between two
    // waypoints never snap to these, so a line does not double back.
    const used = new Set<StopPlace>(anchors.map((a) => a.outbound));
    const push = (p: StopPlace) => {
      const last = slots[slots.length - 1];
      if (last.outbound === p) return;
      slots.push({ outbound: p, inbound: p, anchor: false });
      used.add(p);
    };
    for (let i = 1; i < anchors.length; i++) {
      const a = anchors[i - 1];
      const b = anchors[i];
      const direct = b.nonStop || spacing === 0;
      const aReal = a.outbound.kind === "real";
      const bReal = b.outbound.kind === "real";
      if (!direct) {
        if (aReal && bReal) {
          for (const p of this.router.route(a.outbound, b.outbound, used)) push(p);
        } else if (aReal) {
          const exit = this.router.exitToward(a.outbound, b.outbound, used);
          for (const p of exit) push(p);
          for (const p of this.between(exit[exit.length - 1] ?? a.outbound, b.outbound, spacing, used)) push(p);
        } else if (bReal) {
          const entry = this.router.exitToward(b.outbound, a.outbound, used).reverse();
          for (const p of this.between(a.outbound, entry[0] ?? b.outbound, spacing, used)) push(p);
          for (const p of entry) push(p);
        } else {
          for (const p of this.between(a.outbound, b.outbound, spacing, used)) push(p);
        }
      }
      const last = slots[slots.length - 1];
      if (last.outbound === b.outbound) {
        last.anchor = true;
        last.inbound = b.inbound;
      } else {
        slots.push({ outbound: b.outbound, inbound: b.inbound, anchor: true });
        used.add(b.outbound);
      }
    }

    const outbound = this.directionStops(slots.map((s) => s.outbound), slots.map((s) => s.anchor));
    const back = [...slots].reverse();
    const inbound = this.directionStops(back.map((s) => s.inbound), back.map((s) => s.anchor));
    if (outbound.stops.length < 2 || inbound.stops.length < 2) throw new Error(`demo: ${where} has fewer than two stops`);
    return { outbound, inbound };
  }

  private directionStops(places: StopPlace[], anchors: boolean[]): DirectionStops {
    const out: DirectionStops = { stops: [], anchors: [] };
    places.forEach((p, i) => {
      const from = places[i - 1] ?? p;
      const to = places[i + 1] ?? p;
      const stop = this.registry.stopFor(p, from, to);
      if (out.stops[out.stops.length - 1] === stop) return;
      out.stops.push(stop);
      out.anchors.push(anchors[i]);
    });
    return out;
  }

  /**
   * Generated places strictly between a and b: villages and stations near the way, stops between;
   * never a place the line already passed (`used`), so a line does not double back.
   */
  private between(a: StopPlace, b: StopPlace, spacing: number, used: ReadonlySet<StopPlace>): StopPlace[] {
    const points: StopPlace[] = [a];
    const length = distanceMeters(a, b);
    if (length > 3000) {
      const corridor: Array<{ t: number; make: () => StopPlace | undefined; at: LatLon }> = [];
      for (const s of this.ref.submunicipalities) {
        const d = distanceToSegment(s, a, b);
        if (d.meters > 900 || distanceMeters(s, a) < 1000 || distanceMeters(s, b) < 1000) continue;
        corridor.push({ t: d.t, at: s, make: () => this.placeAt(s, "village") });
      }
      for (const s of this.ref.stations) {
        const d = distanceToSegment(s, a, b);
        // Buses detour to a nearby railway station: within 1.5 km of the way.
        if (d.meters > 1500 || distanceMeters(s, a) < 1000 || distanceMeters(s, b) < 1000) continue;
        corridor.push({ t: d.t, at: s, make: () => this.registry.createStationPlace(s) });
      }
      corridor.sort((p, q) => p.t - q.t);
      let lastAt: LatLon = a;
      for (const c of corridor) {
        if (distanceMeters(lastAt, c.at) < 800) continue;
        const p = c.make();
        if (!p || p === points[points.length - 1] || p === b || used.has(p)) continue;
        points.push(p);
        lastAt = c.at;
      }
    }
    points.push(b);
    const out: StopPlace[] = [];
    const taken = new Set<StopPlace>(points);
    for (let i = 1; i < points.length; i++) {
      const x = points[i - 1];
      const y = points[i];
      const d = distanceMeters(x, y);
      // Between villages a city line stops as seldom as a regional one.
      const n = Math.floor(d / (d > 3000 ? Math.max(spacing, 850) : spacing));
      const v = offsetMeters(x, y);
      const len = Math.sqrt(v.x * v.x + v.y * v.y) || 1;
      for (let k = 1; k <= n; k++) {
        const t = (k + (this.rng.next() - 0.5) * 0.3) / (n + 1);
        const lateral = (this.rng.next() - 0.5) * 0.12 * spacing;
        const base = interpolate(x, y, t);
        const pos = moveMeters(base, (-v.y / len) * lateral, (v.x / len) * lateral);
        if (!this.registry.canGenerateAt(pos)) continue;
        const place = this.registry.generatedPlaceNear(pos, spacing * 0.45) ?? this.registry.createPlace(pos, "street");
        if (!place || place === x || place === y || used.has(place) || taken.has(place)) continue;
        out.push(place);
        taken.add(place);
      }
      if (i < points.length - 1) out.push(y);
    }
    return out;
  }

  private placeAt(p: LatLon, kind: "centre" | "village", name?: string): StopPlace | undefined {
    const existing = this.registry.generatedPlaceNear(p, kind === "centre" ? 250 : 300);
    if (existing) return existing;
    return this.registry.createPlace(this.insideFlanders(p) ?? p, kind, name);
  }

  /** p, or the nearest point within 1 km where generated stops may stand (odd-shaped centroids). */
  private insideFlanders(p: LatLon): LatLon | undefined {
    if (this.registry.canGenerateAt(p)) return p;
    for (let r = 100; r <= 1000; r += 100) {
      for (let k = 0; k < 8; k++) {
        const q = moveMeters(p, r * Math.cos((k * Math.PI) / 4), r * Math.sin((k * Math.PI) / 4));
        if (this.registry.canGenerateAt(q)) return q;
      }
    }
    return undefined;
  }

  private resolve(text: string, near: LatLon | undefined, where: string): Anchor | undefined {
    const nonStop = text.startsWith("!");
    const w = nonStop ? text.slice(1) : text;
    const perron = /^P(\d+)(?:\|(\d+))?$/.exec(w);
    if (perron) {
      const outbound = this.registry.realPlace(`Leuven Station perron ${perron[1]}`);
      const inbound = this.registry.realPlace(`Leuven Station perron ${perron[2] ?? perron[1]}`);
      return { outbound, inbound, nonStop };
    }
    if (w.startsWith("=")) {
      const p = this.registry.realPlace(w.slice(1));
      return { outbound: p, inbound: p, nonStop };
    }
    let place: StopPlace | undefined;
    if (w.startsWith("station:")) {
      const station = this.stationsByName.get(w.slice("station:".length));
      if (!station) throw new Error(`demo: ${where}: unknown station ${w}`);
      if (this.registry.isInLeuven(station)) return this.nearestReal(station, nonStop);
      place = this.registry.createStationPlace(station);
    } else if (w.startsWith("nis:")) {
      const m = this.ref.municipalities.find((x) => x.nis === Number(w.slice(4)));
      if (!m) throw new Error(`demo: ${where}: unknown municipality ${w}`);
      if (this.registry.isInLeuven(m)) return this.nearestReal(m, nonStop);
      place = this.placeAt(m, "centre");
    } else if (w.includes("@")) {
      const [name, coords] = w.split("@");
      const [lat, lon] = coords.split(",").map(Number);
      const at = { lat, lon };
      if (this.registry.isInLeuven(at)) return this.nearestReal(at, nonStop);
      const existing = this.registry.generatedPlaceNear(at, 150);
      if (existing) {
        this.registry.renamePlace(existing, name);
        place = existing;
      } else {
        place = this.registry.createPlace(at, "named", name);
      }
    } else {
      const target = this.namedPoint(w, near, where);
      if (this.registry.isInLeuven(target.at)) return this.nearestReal(target.at, nonStop);
      place = this.placeAt(target.at, target.kind);
    }
    return place ? { outbound: place, inbound: place, nonStop } : undefined;
  }

  private nearestReal(p: LatLon, nonStop: boolean): Anchor {
    let best = this.registry.realPlaces[0];
    for (const r of this.registry.realPlaces) {
      if (r.traversable && distanceMeters(p, r) < distanceMeters(p, best)) best = r;
    }
    return { outbound: best, inbound: best, nonStop };
  }

  /** A municipality centre or a sub-municipality centre by name, the nearest when names repeat. */
  private namedPoint(name: string, near: LatLon | undefined, where: string): { at: LatLon; kind: "centre" | "village" } {
    const municipality = this.ref.municipalities.find((m) => m.name === name);
    const subs = (this.subsByName.get(name) ?? []).filter(
      (s) => !(municipality && s.municipalityNis === municipality.nis),
    );
    const candidates: Array<{ at: LatLon; kind: "centre" | "village" }> = [];
    if (municipality) candidates.push({ at: municipality, kind: "centre" });
    for (const s of subs) candidates.push({ at: s, kind: "village" });
    if (candidates.length === 0) throw new Error(`demo: ${where}: no municipality or sub-municipality is called ${name}`);
    if (candidates.length === 1 || !near) return candidates[0];
    return candidates.reduce((best, c) => (distanceMeters(near, c.at) < distanceMeters(near, best.at) ? c : best));
  }
}
