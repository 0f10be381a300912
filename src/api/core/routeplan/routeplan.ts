/**
 * E1, the route plan: `/routeplan/{vertrekLatlng}/{bestemmingLatlng}` in both families. The handler parses, calls
 * planJourneys (src/routing/plan-journeys.ts; the rules of a page live in plan-pages.ts) and renames its plain
 * objects here: aanvraagType to the planner's page (PAGE_OF), vertrekAankomst to arriveBy.
 *
 * Real-time is on by default: the real-time state of the network the request reads (as the real-time passages),
 * `realtime=false` plans on the schedule. `vervoersOptie` may be repeated (the spec's array) or comma-separated.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { formatServiceDate } from "../../../lib/service-date.js";
import { zonedTime, type ZonedTime } from "../../../lib/zoned-time.js";
import type { Network } from "../../../network/model.js";
import { planJourneys } from "../../../routing/plan-journeys.js";
import { PLAN_MODES, type Itinerary, type PlanMode, type PlanPage, type PlanPlace, type PlanResult, type PlanStep } from "../../../routing/plan-types.js";
import type { RealtimePassage } from "../../../timetable/types.js";
import { isKeyLikeName } from "../../http/key-parameter.js";
import { HEAVY_COST } from "../../http/request-cost.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { parseMoment } from "../../shared/dates.js";
import { PassageWriter } from "../dienstregelingen/doorkomst-view.js";
import type { FamilyOptions } from "../../shared/families.js";
import { directionName, parseLatLng } from "../../shared/path-keys.js";
import { lineKey } from "../lijnen/lijn-view.js";
import { lijnrichtingView } from "../lijnen/lijnrichting-view.js";
import { type Link, Linker, linkerFor, requestOrigin, selfLink } from "../../shared/links.js";
import { realtimeDoorkomst } from "../real-time/realtime-doorkomst-view.js";
import type { RealtimeDoorkomst } from "../real-time/real-time.schemas.js";
import {
  type Duurtijd,
  type Reisweg,
  type ReiswegPunt,
  type ReiswegStap,
  Routeplan,
  RouteplanParams,
  RouteplanQuery,
  type RequestType,
} from "./routeplan.schemas.js";

type Route = { Params: Static<typeof RouteplanParams>; Querystring: RouteplanQuery };

/**
 * A repeated `vervoersOptie` (the spec's array form) joined into the comma form before the query checks run:
 * strict-query.ts refuses any other parameter given twice.
 */
const joinRepeatedModes: onRequestHookHandler = (req, _reply, done) => {
  const q = req.query as Record<string, unknown>;
  if (Array.isArray(q.vervoersOptie)) q.vervoersOptie = q.vervoersOptie.map(String).join(",");
  done();
};

/** aanvraagType -> the planner's page (plan-types.ts PlanPage); the API's words stop here. */
const PAGE_OF: Record<RequestType, PlanPage> = { INITIEEL: "first", VROEGER: "earlier", LATER: "later", LAATSTE: "last" };

/** "BUS,TRAM" -> [BUS, TRAM]; ALLE or nothing: undefined (every mode). */
function modesOf(text: string | undefined): PlanMode[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(",");
  if (names.includes("ALLE")) return undefined;
  return PLAN_MODES.filter((m) => names.includes(m));
}

/** Seconds as an ISO 8601 duration of hours, minutes and seconds: PT1H5M, PT45S, PT0S. */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s === 0) return "PT0S";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${r ? `${r}S` : ""}`;
}

function duurtijd(zone: ZonedTime, fromMs: number, toMs: number): Duurtijd {
  return { start: zone.formatLocal(fromMs), einde: zone.formatLocal(toMs), duurtijd: isoDuration((toMs - fromMs) / 1000) };
}

/** Renders one plan's itineraries; stop and line direction links are built once per response. */
class RouteplanWriter {
  private readonly passages: PassageWriter;
  constructor(
    private readonly net: Network,
    private readonly L: Linker,
    private readonly zone: ZonedTime,
  ) {
    this.passages = new PassageWriter(L);
  }

  reisweg(it: Itinerary): Reisweg {
    const reisweg: Reisweg = {
      bestpassend: it.best,
      overstappen: it.transfers,
      duurtijd: duurtijd(this.zone, it.departureMs, it.arrivalMs),
      reiswegStappen: it.steps.map((s) => this.stap(s)),
    };
    if (it.accessUnknown) reisweg.toegankelijkheidOnbekend = true;
    return reisweg;
  }

  private stap(s: PlanStep): ReiswegStap {
    const base = {
      type: s.kind === "vehicle" ? ("VOERTUIG" as const) : s.kind === "wait" ? ("WACHTEN" as const) : ("WANDELEN" as const),
      vertrekPunt: this.punt(s.from, 0),
      aankomstPunt: this.punt(s.to, Math.round(s.meters)),
      duurtijd: duurtijd(this.zone, s.departureMs, s.arrivalMs),
    };
    if (s.kind !== "vehicle") return { ...base, links: [] };
    const { net, L } = this;
    const key = lineKey(net, s.lineDirection >> 1);
    const richting = directionName(s.lineDirection & 1);
    const path = L.lineDirection(key.entity, key.line, richting);
    const tripNumber = s.departure.passage.tripNumber;
    // The marks of unknown wheelchair access: the stops on their points, the trip on the step (fields last).
    const unknown = s.accessUnknown;
    if (unknown?.from) base.vertrekPunt.toegankelijkheidOnbekend = true;
    if (unknown?.to) base.aankomstPunt.toegankelijkheidOnbekend = true;
    const stap: ReiswegStap = {
      ...base,
      vervoertype: s.transportType,
      lijnrichting: lijnrichtingView(net, s.lineDirection, L),
      ritnummer: tripNumber,
      bestemming: s.departure.passage.destination,
      vertrekDoorkomst: this.doorkomst(s.departure),
      aankomstDoorkomst: this.doorkomst(s.arrival),
      // A trip the real-time feed adds has no timetable of its own to link to (the trip endpoint reads the schedule).
      links:
        s.added === undefined
          ? [L.link("lijnrichting", path), L.link("rit", `${path}/rit/${encodeURIComponent(tripNumber)}?datum=${formatServiceDate(s.serviceDate)}`)]
          : [L.link("lijnrichting", path)],
    };
    if (unknown?.trip) stap.toegankelijkheidOnbekend = true;
    return stap;
  }

  /** A passage as on a real-time passage (real-time.ts). */
  private doorkomst(p: RealtimePassage): RealtimeDoorkomst {
    return realtimeDoorkomst(this.passages, p);
  }

  private punt(p: PlanPlace, afstand: number): ReiswegPunt {
    if (p.kind === "place") {
      return {
        id: `${p.lat},${p.lon}`,
        naam: p.role === "origin" ? "Vertrekpunt" : "Bestemming",
        afstand,
        geoCoordinaat: { latitude: p.lat, longitude: p.lon },
        links: [],
      };
    }
    const { stops, strings, meta } = this.net;
    const entity = meta.entities[stops.entity[p.stop]].number;
    const number = strings.get(stops.number[p.stop]);
    return {
      id: number,
      naam: strings.get(stops.longName[p.stop]),
      afstand,
      geoCoordinaat: { latitude: stops.lat[p.stop], longitude: stops.lon[p.stop] },
      entiteitnummer: entity,
      links: [this.L.link("halte", this.L.stop(entity, number))],
    };
  }
}

/**
 * The E1 body of a plan: its itineraries and `links`. Links start with `base` (origin + core prefix + family, by
 * default the beta family below /DLKernOpenData, where the spec puts E1); the command line's --json uses it too.
 */
export function routeplanBody(network: Network, plan: PlanResult, origin: string, base = `${origin}/DLKernOpenData/v1/beta`, links: Link[] = []): Routeplan {
  const W = new RouteplanWriter(network, new Linker(origin, base), zonedTime(network.meta.timezone));
  return { reiswegen: plan.itineraries.map((it) => W.reisweg(it)), links };
}

/** The URL of the page before or after: this request's with aanvraagType and tijdstip replaced (never the key). */
function pageLink(req: FastifyRequest, opts: FamilyOptions, rel: string, type: string, tijdstip: string): Link {
  const [path, query = ""] = req.url.split("?", 2);
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) {
    if (isKeyLikeName(name) || name === "aanvraagType" || name === "tijdstip") params.delete(name);
  }
  params.set("aanvraagType", type);
  params.set("tijdstip", tijdstip);
  // A colon needs no escape in a query (RFC 3986): the tijdstip stays readable.
  return { rel, url: `${requestOrigin(req, opts.config)}${path}?${params.toString().replace(/%3A/gi, ":")}` };
}

/** A plan is stale as soon as the predictions move: no cache may keep it. */
function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}

export const routeplanRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;

  app.get<Route>(
    "/routeplan/:vertrekLatlng/:bestemmingLatlng",
    {
      onRequest: joinRepeatedModes,
      // A plan is costly whatever it asks (several searches, up to ROUTEPLAN_BUDGET_MS): its turn is bounded.
      config: { cost: () => HEAVY_COST },
      schema: {
        tags: ["routeplan"],
        summary: "E1: itineraries between two coordinates (RAPTOR, with walking, paging, arrive-by and real-time)",
        description:
          "A page of at least 3 itineraries when the network has them within 24 hours (at most 5, more when several leave at the " +
          "same second), Pareto-optimal on departure, arrival and transfers (a transfer counting 5 minutes). Page with aanvraagType VROEGER (tijdstip = the earliest " +
          "arrival of the previous page) and LATER (tijdstip = its latest departure), or follow the links vroeger and later. " +
          "Stops within 1 km of each coordinate are walked to and from; a walking-only itinerary is offered on the first " +
          "page when it is faster. Coordinates far from any stop answer an empty reiswegen.",
        params: RouteplanParams,
        querystring: RouteplanQuery,
        response: { 200: Routeplan, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const from = parseLatLng(req.params.vertrekLatlng, "vertrekLatlng");
      const to = parseLatLng(req.params.bestemmingLatlng, "bestemmingLatlng");
      const zone = zonedTime(net.meta.timezone);
      const nowMs = opts.now();
      const q = req.query;
      let timeMs = nowMs;
      if (q.tijdstip !== undefined && q.tijdstip !== "") {
        const m = parseMoment(q.tijdstip, net.meta.timezone, "tijdstip", nowMs);
        timeMs = zone.localToEpochMs(m.date, m.secondsOfDay);
      }
      const plan = planJourneys(net, q.realtime === false ? undefined : opts.realtime.current(net), {
        from: { kind: "place", ...from },
        to: { kind: "place", ...to },
        timeMs,
        page: q.aanvraagType === undefined ? undefined : PAGE_OF[q.aanvraagType],
        arriveBy: q.vertrekAankomst === "AANKOMST",
        modes: modesOf(q.vervoersOptie),
        wheelchair: q.rolstoel === true,
        maxTransfers: q.maxOverstappen,
        walkRadiusMeters: config.routeplan?.walkRadiusMeters,
        budgetMs: config.routeplan?.budgetMs,
      });
      if (!plan.complete) req.log.warn({ budgetMs: config.routeplan?.budgetMs }, "route plan cut short by its time budget");
      const L = linkerFor(req, opts);
      const links = [selfLink(req, config)];
      if (plan.earlierMs !== undefined) links.push(pageLink(req, opts, "vroeger", "VROEGER", zone.formatLocal(plan.earlierMs)));
      if (plan.laterMs !== undefined) links.push(pageLink(req, opts, "later", "LATER", zone.formatLocal(plan.laterMs)));
      noStore(reply);
      return routeplanBody(net, plan, L.origin, L.base, links);
    },
  );
};
