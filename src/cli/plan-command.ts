/**
 * `lijnwijzer plan <snapshot> --from <point> --to <point> [--at <yyyy-MM-ddTHH:mm:ss>] [--arrive-by] [--modes BUS,TRAM]
 * [--realtime <GTFS-RT file>] [--wheelchair] [--max-transfers <n>] [--json]`: the route plan of E1 without a server,
 * so that anyone can check a plan by hand. The query is E1's (planJourneys, the first page, INITIEEL):
 * - a point is `lat,lon`, an API stop key `entity_stop` or `gtfs:<stop_id>` (plan-point.ts); a stop point starts or
 *   ends the journey at that very stop, with no access walk;
 * - `--at` is wall-clock time of the network's zone, as E1's tijdstip (an offset names an instant); default now;
 * - `--realtime` reads a GTFS-Realtime file (protobuf) and plans on the state the ingest builds of it, judged at the
 *   feed's header timestamp (a feed saved earlier speaks of that moment), else at `--at`;
 * - `--json` prints E1's body, rendered by the API's own routeplanBody: links start at PUBLIC_BASE_URL, else
 *   http://localhost:PORT, where `lijnwijzer serve` would answer; between two coordinates it links self, vroeger
 *   and later as E1 does, a stop point having no E1 URL. Otherwise a readable list, one line per step, times on the
 *   network's clock (the date added where it is not the query's);
 * - the access radius and time budget are E1's (ROUTEPLAN_WALK_RADIUS_METERS, ROUTEPLAN_BUDGET_MS).
 * With --wheelchair, an itinerary, a vehicle or a stop of unknown wheelchair access is marked as E1's
 * toegankelijkheidOnbekend marks it (plan-journeys.ts says when a plan uses them).
 * Exit code 0 with or without itineraries (an empty plan is an answer); 2 for arguments that are not understood.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseMoment } from "../api/shared/dates.js";
import type { Link } from "../api/shared/links.js";
import { routeplanBody } from "../api/core/routeplan/routeplan.js";
import { LijnwijzerError } from "../errors.js";
import { loadConfig } from "../config/load-config.js";
import { zonedTime, type EpochMs, type ZonedTime } from "../lib/zoned-time.js";
import { formatServiceDate } from "../lib/service-date.js";
import type { Network } from "../network/model.js";
import { stopsNear } from "../network/queries/stops-near.js";
import { buildRealtimeState } from "../realtime/build-realtime-state.js";
import { decodeFeedMessage, FeedDecodeError } from "../realtime/feed-codec.js";
import type { RealtimeState } from "../realtime/realtime-state.js";
import { PLAN_MODES, type Itinerary, type PlanMode, type PlanPlace, type PlanResult, type PlanStep, planJourneys } from "../routing/plan-journeys.js";
import { parsePlanPoint, type PlanPoint } from "../routing/plan-point.js";
import { DEFAULT_WALK_RADIUS_METERS } from "../routing/walk-access.js";
import type { RealtimePassage } from "../timetable/types.js";
import { CliError, usageError } from "./cli-error.js";
import { openSnapshot } from "./open-snapshot.js";

export const PLAN_USAGE =
  "lijnwijzer plan <snapshot> --from <point> --to <point> [--at <yyyy-MM-ddTHH:mm:ss>] [--arrive-by] [--modes BUS,TRAM]\n" +
  "                  [--realtime <GTFS-RT file>] [--wheelchair] [--max-transfers <n>] [--json]";

/** What one run asks, parsed and checked. */
interface PlanRequest {
  network: Network;
  from: PlanPoint;
  to: PlanPoint;
  timeMs: EpochMs;
  arriveBy: boolean;
  modes: PlanMode[] | undefined;
  wheelchair: boolean;
  maxTransfers: number | undefined;
  realtime: { state: RealtimeState; file: string } | undefined;
}

export async function planCommand(args: string[], log: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      at: { type: "string" },
      "arrive-by": { type: "boolean" },
      modes: { type: "string" },
      realtime: { type: "string" },
      wheelchair: { type: "boolean" },
      "max-transfers": { type: "string" },
      json: { type: "boolean" },
    },
  });
  if (positionals.length !== 1) throw usage("takes one snapshot file");
  if (values.from === undefined || values.to === undefined) throw usage("needs --from <point> and --to <point>");
  const network = openSnapshot(positionals[0]);
  const request = parseRequest(network, values);
  const config = loadConfig(process.env);
  const result = planJourneys(network, request.realtime?.state, {
    from: request.from,
    to: request.to,
    timeMs: request.timeMs,
    arriveBy: request.arriveBy,
    modes: request.modes,
    wheelchair: request.wheelchair,
    maxTransfers: request.maxTransfers,
    walkRadiusMeters: config.routeplan?.walkRadiusMeters,
    budgetMs: config.routeplan?.budgetMs,
  });
  if (values.json) {
    const origin = config.publicBaseUrl ?? `http://localhost:${config.port}`;
    const base = `${origin}${config.corePrefix}/v1/beta`;
    log(JSON.stringify(routeplanBody(network, result, origin, base, pageLinks(request, result, base)), null, 2));
  } else {
    for (const line of planLines(request, result, config.routeplan?.walkRadiusMeters ?? DEFAULT_WALK_RADIUS_METERS)) log(line);
  }
  return 0;
}

/** E1's links self, vroeger and later, for a plan between two coordinates (a stop point has no E1 URL). */
function pageLinks(request: PlanRequest, result: PlanResult, base: string): Link[] {
  const { from, to, network } = request;
  if (from.kind !== "place" || to.kind !== "place") return [];
  const zone = zonedTime(network.meta.timezone);
  const url = (type: string | undefined, ms: EpochMs) => {
    const q = new URLSearchParams();
    if (type) q.set("aanvraagType", type);
    q.set("tijdstip", zone.formatLocal(ms));
    if (request.arriveBy) q.set("vertrekAankomst", "AANKOMST");
    if (request.modes) q.set("vervoersOptie", request.modes.join(","));
    if (request.wheelchair) q.set("rolstoel", "true");
    if (request.maxTransfers !== undefined) q.set("maxOverstappen", String(request.maxTransfers));
    if (!request.realtime) q.set("realtime", "false");
    return `${base}/routeplan/${from.lat},${from.lon}/${to.lat},${to.lon}?${q}`;
  };
  const links: Link[] = [{ rel: "self", url: url(undefined, request.timeMs) }];
  if (result.earlierMs !== undefined) links.push({ rel: "vroeger", url: url("VROEGER", result.earlierMs) });
  if (result.laterMs !== undefined) links.push({ rel: "later", url: url("LATER", result.laterMs) });
  return links;
}

function usage(problem: string): CliError {
  return usageError("plan", problem);
}

/** The arguments as a query; a LijnwijzerError of the parsers (a bad point or time) becomes a usage error. */
function parseRequest(
  network: Network,
  values: { from?: string; to?: string; at?: string; "arrive-by"?: boolean; modes?: string; realtime?: string; wheelchair?: boolean; "max-transfers"?: string },
): PlanRequest {
  const zone = zonedTime(network.meta.timezone);
  let from: PlanPoint;
  let to: PlanPoint;
  let timeMs: EpochMs;
  try {
    from = parsePlanPoint(network, values.from!, "--from");
    to = parsePlanPoint(network, values.to!, "--to");
    const at = parseMoment(values.at, network.meta.timezone, "--at");
    timeMs = zone.localToEpochMs(at.date, at.secondsOfDay);
  } catch (err) {
    if (err instanceof LijnwijzerError) throw usage(err.message);
    throw err;
  }
  let modes: PlanMode[] | undefined;
  if (values.modes !== undefined) {
    const names = values.modes.split(",").map((m) => m.trim().toUpperCase());
    const unknown = names.filter((m) => m !== "ALLE" && !PLAN_MODES.includes(m as PlanMode));
    if (unknown.length || names.length === 0) {
      throw usage(`--modes "${values.modes}" names no mode of ${PLAN_MODES.join(", ")}: give them comma-separated, e.g. BUS,TRAM`);
    }
    modes = names.includes("ALLE") ? undefined : PLAN_MODES.filter((m) => names.includes(m));
  }
  let maxTransfers: number | undefined;
  if (values["max-transfers"] !== undefined) {
    maxTransfers = Number(values["max-transfers"]);
    if (!Number.isInteger(maxTransfers) || maxTransfers < 0 || maxTransfers > 10) {
      throw usage(`--max-transfers must be a whole number from 0 to 10, not "${values["max-transfers"]}"`);
    }
  }
  return {
    network,
    from,
    to,
    timeMs,
    arriveBy: values["arrive-by"] === true,
    modes,
    wheelchair: values.wheelchair === true,
    maxTransfers,
    realtime: values.realtime === undefined ? undefined : readRealtime(network, values.realtime, timeMs),
  };
}

/** The state the ingest builds of a GTFS-Realtime file, at the feed's own moment (else the query's). */
function readRealtime(network: Network, file: string, timeMs: EpochMs): { state: RealtimeState; file: string } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(`--realtime ${file} ${code === "ENOENT" ? "does not exist" : `cannot be read (${code})`}: give a GTFS-Realtime file (protobuf)`);
  }
  try {
    const message = decodeFeedMessage(bytes);
    const nowMs = message.header.timestamp ? message.header.timestamp * 1000 : timeMs;
    return { state: buildRealtimeState(network, [{ name: file, message }], nowMs), file };
  } catch (err) {
    if (err instanceof FeedDecodeError) throw new CliError(`--realtime ${file}: ${err.message}`);
    throw err;
  }
}

/** The readable answer: a head line, then each itinerary and its steps. */
export function planLines(request: PlanRequest, result: PlanResult, walkRadiusMeters = DEFAULT_WALK_RADIUS_METERS): string[] {
  const { network } = request;
  const zone = zonedTime(network.meta.timezone);
  const queryDate = zone.formatLocal(request.timeMs).slice(0, 10);
  const clock = (ms: EpochMs) => {
    const local = zone.formatLocal(ms);
    return local.slice(0, 10) === queryDate ? local.slice(11) : local.replace("T", " ");
  };
  const its = result.itineraries;
  const source = request.realtime
    ? `real-time from ${request.realtime.file} (${request.realtime.state.stats.reduce((a, s) => a + s.matched, 0)} entities matched)`
    : "schedule";
  const filters = [
    request.modes ? `modes ${request.modes.join(",")}` : "",
    request.wheelchair ? "wheelchair" : "",
    request.maxTransfers !== undefined ? `at most ${request.maxTransfers} transfers` : "",
  ].filter(Boolean);
  const lines = [
    `${its.length === 0 ? "no itinerary" : its.length === 1 ? "1 itinerary" : `${its.length} itineraries`} from ${pointName(network, request.from)} ` +
      `to ${pointName(network, request.to)}, ${request.arriveBy ? "arriving by" : "departing after"} ${zone.formatLocal(request.timeMs)} ` +
      `(${network.meta.timezone}; ${[source, ...filters].join("; ")})`,
  ];
  if (its.every((it) => it.walkingOnly)) lines.push(...noRideReasons(request, walkRadiusMeters));
  if (!result.complete) lines.push("(the search's time budget ran out: itineraries may be missing)");
  its.forEach((it, i) => {
    lines.push("");
    lines.push(
      `${i + 1}. ${clock(it.departureMs)} -> ${clock(it.arrivalMs)}  ${duration((it.arrivalMs - it.departureMs) / 1000)}, ` +
        `${it.walkingOnly ? "walking only" : `${it.transfers} transfer${it.transfers === 1 ? "" : "s"}`}` +
        `${it.walkSeconds > 0 && !it.walkingOnly ? `, ${duration(it.walkSeconds)} walking` : ""}${it.best ? "  (best match)" : ""}` +
        `${it.accessUnknown ? "  (wheelchair access unknown)" : ""}`,
    );
    for (const step of it.steps) lines.push(...stepLines(network, zone, clock, step));
  });
  return lines;
}

function stepLines(network: Network, zone: ZonedTime, clock: (ms: EpochMs) => string, s: PlanStep): string[] {
  const at = clock(s.departureMs).padStart(8);
  const lasting = duration((s.arrivalMs - s.departureMs) / 1000);
  if (s.kind === "walk") return [`   ${at}  walk ${Math.round(s.meters)} m to ${placeName(network, s.to)}, ${lasting}`];
  if (s.kind === "wait") return [`   ${at}  wait ${lasting} at ${placeName(network, s.from)}`];
  const { lines, strings } = network;
  const line = s.lineDirection >> 1;
  const number = strings.get(lines.publicNumber[line]) || strings.get(lines.number[line]);
  const p = s.departure.passage;
  // The marks of E1's toegankelijkheidOnbekend (a wheelchair plan): the vehicle and the stop boarded, the stop left.
  const unknown = s.accessUnknown;
  const boarding = [unknown?.trip ? "vehicle" : "", unknown?.from ? "stop" : ""].filter(Boolean);
  const mark = (parts: string[]) => (parts.length ? `  [wheelchair access unknown: ${parts.join(", ")}]` : "");
  // Staying seated into the next trip (transfers.txt transfer_type 4, trips.block_id) is no change of vehicle.
  const seated = s.stayOnBoard ? "stay on board: " : "";
  return [
    `   ${passageTime(zone, clock, s.departure)}  ${seated}${s.transportType} ${number} towards ${p.destination} (trip ${p.tripNumber}) from ${placeName(network, s.from)}${mark(boarding)}`,
    `   ${passageTime(zone, clock, s.arrival)}    to ${placeName(network, s.to)}, ${lasting}${mark(unknown?.to ? ["stop"] : [])}`,
  ];
}

/** A vehicle's passage: the time the plan counts (the prediction with real-time), the schedule beside it when it differs. */
function passageTime(zone: ZonedTime, clock: (ms: EpochMs) => string, p: RealtimePassage): string {
  const shown = clock(p.expectedEpochMs).padStart(8);
  if (p.realtimeEpochMs === undefined) return shown;
  const late = Math.round((p.realtimeEpochMs - p.passage.epochMs) / 1000);
  if (late === 0) return `${shown} (on time)`;
  return `${shown} (scheduled ${clock(p.passage.epochMs)}, ${late > 0 ? "+" : "-"}${duration(Math.abs(late))})`;
}

/**
 * Why a plan rides nothing, where the network can tell: the moment lies outside the days it runs (an expired feed,
 * or one not started), or a point lies farther from every stop than a plan walks (with the nearest stop).
 */
function noRideReasons(request: PlanRequest, walkRadiusMeters: number): string[] {
  const { network } = request;
  const { validFrom, validTo, timezone } = network.meta;
  const date = zonedTime(timezone).localDateOf(request.timeMs);
  const out: string[] = [];
  if (date > validTo) out.push(`the network runs until ${formatServiceDate(validTo)}: ${formatServiceDate(date)} is after its last day; import a newer feed`);
  else if (date < validFrom) out.push(`the network runs from ${formatServiceDate(validFrom)}: ${formatServiceDate(date)} is before its first day`);
  for (const [flag, p] of [["--from", request.from], ["--to", request.to]] as const) {
    if (p.kind !== "place") continue;
    const nearest = nearestStop(network, p.lat, p.lon);
    if (nearest && nearest.meters > walkRadiusMeters) {
      out.push(`${flag} lies ${distance(nearest.meters)} from the nearest stop, ${stopName(network, nearest.stop)}: farther than a plan walks (${distance(walkRadiusMeters)})`);
    }
  }
  return out;
}

/** The stop nearest a point, at any distance; undefined in a network without stops. */
function nearestStop(network: Network, lat: number, lon: number): { stop: number; meters: number } | undefined {
  for (const radius of [2_000, 20_000, 200_000, 20_000_000]) {
    const [near] = stopsNear(network, lat, lon, radius, 1);
    if (near) return near;
  }
  return undefined;
}

function distance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`;
}

function pointName(network: Network, p: PlanPoint): string {
  return p.kind === "stop" ? stopName(network, p.stop) : `${p.lat},${p.lon}`;
}

function placeName(network: Network, p: PlanPlace): string {
  if (p.kind === "stop") return stopName(network, p.stop);
  return `the ${p.role} (${p.lat},${p.lon})`;
}

function stopName(network: Network, s: number): string {
  const { stops, strings, meta } = network;
  return `${strings.get(stops.longName[s])} [${meta.entities[stops.entity[s]].number}_${strings.get(stops.number[s])}]`;
}

/** 45 s, 3 min 29 s, 25 min, 1 h 25 min. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return r ? `${m} min ${r} s` : `${m} min`;
  return `${r} s`;
}

export type { Itinerary };
