/**
 * `lijnwijzer reach <snapshot> --from <point> [--at <yyyy-MM-ddTHH:mm:ss>] [--minutes <n>] [--window <n>]
 * [--max-transfers <n>] [--geojson | --json]`: the stops reachable within a number of minutes, as the bereikbaarheid
 * extension answers (reachableStops, src/routing/reachable-stops.ts), without a server:
 * - a point is `lat,lon`, an API stop key `entity_stop` or `gtfs:<stop_id>` (plan-point.ts); a stop starts there,
 *   with no access walk, and its footpaths to the stops beside it;
 * - `--minutes` the limit (default 30, at most 120); `--window` departure minutes from --at, the median per stop;
 * - on the schedule (a GTFS-Realtime file is `plan --realtime`'s; the server's endpoint uses the live state);
 * - `--geojson` prints a GeoJSON FeatureCollection (RFC 7946): the area reachable (reach-area.ts) as one feature, and
 *   each stop reached as a Point with the endpoint's fields as properties, which geojson.io and QGIS open as is;
 *   `--json` the endpoint's body; otherwise one line per stop.
 * Exit code 0 whatever is reached; 2 for arguments that are not understood.
 */
import { parseArgs } from "node:util";
import { bereikbaarheidBody } from "../api/core/bereikbaarheid/bereikbaarheid.js";
import { parseMoment } from "../api/shared/dates.js";
import { loadConfig } from "../config/load-config.js";
import { LijnwijzerError } from "../errors.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network } from "../network/model.js";
import { parsePlanPoint, type PlanPoint } from "../routing/plan-point.js";
import { DEFAULT_REACH_MINUTES, MAX_REACH_MINUTES, reachableStops, type ReachResult } from "../routing/reachable-stops.js";
import { type CliError, usageError } from "./cli-error.js";
import { openSnapshot } from "./open-snapshot.js";
import { duration } from "./plan-command.js";

export const REACH_USAGE =
  "lijnwijzer reach <snapshot> --from <point> [--at <yyyy-MM-ddTHH:mm:ss>] [--minutes <n>] [--window <n>]\n" +
  "                   [--max-transfers <n>] [--geojson | --json]";

export async function reachCommand(args: string[], log: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: "string" },
      at: { type: "string" },
      minutes: { type: "string" },
      window: { type: "string" },
      "max-transfers": { type: "string" },
      geojson: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
  if (positionals.length !== 1) throw usage("takes one snapshot file");
  if (values.from === undefined) throw usage("needs --from <point>");
  if (values.geojson && values.json) throw usage("takes --geojson or --json, not both");
  const minutes = whole(values.minutes, "--minutes", 1, MAX_REACH_MINUTES) ?? DEFAULT_REACH_MINUTES;
  const window = whole(values.window, "--window", 1, MAX_REACH_MINUTES);
  const maxTransfers = whole(values["max-transfers"], "--max-transfers", 0, 10);
  const network = openSnapshot(positionals[0]);
  const zone = zonedTime(network.meta.timezone);
  let from: PlanPoint;
  let timeMs: EpochMs;
  try {
    from = parsePlanPoint(network, values.from, "--from");
    const at = parseMoment(values.at, network.meta.timezone, "--at");
    timeMs = zone.localToEpochMs(at.date, at.secondsOfDay);
  } catch (err) {
    if (err instanceof LijnwijzerError) throw usage(err.message);
    throw err;
  }
  const config = loadConfig(process.env);
  const result = reachableStops(network, undefined, {
    from,
    timeMs,
    limitMinutes: minutes,
    windowMinutes: window,
    walkRadiusMeters: config.routeplan?.walkRadiusMeters,
    maxTransfers,
  });
  if (values.geojson || values.json) {
    const origin = config.publicBaseUrl ?? `http://localhost:${config.port}`;
    const body = bereikbaarheidBody(network, result, true, origin, `${origin}${config.corePrefix}/v1/beta`);
    log(JSON.stringify(values.json ? body : featureCollection(body), null, 2));
  } else {
    for (const line of reachLines(network, from, result)) log(line);
  }
  return 0;
}

/** The endpoint's body as a FeatureCollection: the area first, then a Point per stop with its fields. */
function featureCollection(body: ReturnType<typeof bereikbaarheidBody>): object {
  const { gebied, haltes, vertrek, minuten, venster } = body;
  return {
    type: "FeatureCollection",
    features: [
      { type: "Feature", geometry: gebied, properties: { soort: "gebied", vertrek, minuten, venster } },
      ...haltes.map(({ geoCoordinaat, links: _links, ...halte }) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [geoCoordinaat.longitude, geoCoordinaat.latitude] },
        properties: { soort: "halte", ...halte },
      })),
    ],
  };
}

/** The readable answer: a head line, then per stop its travel time, arrival, transfers and name. */
export function reachLines(network: Network, from: PlanPoint, result: ReachResult): string[] {
  const zone = zonedTime(network.meta.timezone);
  const { stops, strings, meta } = network;
  const n = result.stops.length;
  const window = result.windowMinutes > 1 ? `, the median over ${result.windowMinutes} departure minutes` : "";
  const lines = [
    `${n === 0 ? "no stop" : n === 1 ? "1 stop" : `${n} stops`} reachable from ${from.kind === "stop" ? stopName(network, from.stop) : `${from.lat},${from.lon}`} ` +
      `within ${duration(result.limitSeconds)}, departing ${zone.formatLocal(result.departureMs)}${window} (${meta.timezone}; schedule)`,
  ];
  for (const s of result.stops) {
    const leave = result.windowMinutes > 1 ? ` leaving ${zone.formatLocal(s.departureMs).slice(11)},` : "";
    const how = s.rides === 0 ? "on foot" : `${s.transfers} transfer${s.transfers === 1 ? "" : "s"}`;
    lines.push(
      `  ${duration(s.travelSeconds).padStart(12)}  arrives ${zone.formatLocal(s.arrivalMs).slice(11)},${leave} ${how}  ${strings.get(stops.longName[s.stop])} [${meta.entities[stops.entity[s.stop]].number}_${strings.get(stops.number[s.stop])}]`,
    );
  }
  return lines;
}

function stopName(network: Network, s: number): string {
  const { stops, strings, meta } = network;
  return `${strings.get(stops.longName[s])} [${meta.entities[stops.entity[s]].number}_${strings.get(stops.number[s])}]`;
}

/** A whole number option within [min, max]; undefined when not given. */
function whole(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < min || n > max) throw usage(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return n;
}

function usage(problem: string): CliError {
  return usageError("reach", problem);
}
