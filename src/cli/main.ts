/**
 * The `lijnwijzer` command:
 *   lijnwijzer import <feed>... --out <file> [--profile auto|delijn|generic] [--reference <dir>|none] [--walk-radius <m>] [--walk-budget <min>] [--walk-speed <km/h>]
 *                     [--addresses <csv>]... [--pois <csv|geojson>]...
 *   lijnwijzer inspect <file> [--stops|--lines|--key-history] [filter]
 *   lijnwijzer serve [--network <file>] [--port <n>] [--workers <n>] [--realtime <url|file|simulator>]... [--no-realtime]
 *                    [--feed <url|file>... [--refresh <interval>] [--feed-header "Name: value"]...]   (feed-refresh.ts)
 *   lijnwijzer start            (what `npm start` runs: build the demo snapshot when missing, then serve it)
 *   lijnwijzer reload [--admin-port <n>]                                 (reload-command.ts)
 *   lijnwijzer simulate <file> --out <feed> [--interval s] | --port <n>   (simulate-command.ts)
 *   lijnwijzer realtime <file> <feed url or file>                         (realtime-command.ts)
 *   lijnwijzer plan <file> --from <point> --to <point> [--at <time>] ...   (plan-command.ts)
 *   lijnwijzer keys add|list|revoke|products ...                          (keys-command.ts)
 * Problems the user can fix are printed as `lijnwijzer <command>: <what is wrong>: <what to do>`.
 */
import cluster from "node:cluster";
import { parseArgs } from "node:util";
import { GtfsError } from "../gtfs/gtfs-error.js";
import { LijnwijzerError } from "../errors.js";
import { loadConfig } from "../config/load-config.js";
import { FOOTPATH_PARAMETERS, MAX_WALK_BUDGET_SECONDS, MAX_WALK_RADIUS_METERS, WALK_SPEED_KMH_RANGE } from "../network/build-footpaths.js";
import { CliError } from "./cli-error.js";
import { ensureDemoSnapshot } from "./demo-snapshot.js";
import { parseHeaderOptions } from "./header-options.js";
import { importFeeds } from "./import-command.js";
import { inspectSnapshot } from "./inspect-command.js";
import { KEYS_USAGE, keysCommand } from "./keys-command.js";
import { PLAN_USAGE, planCommand } from "./plan-command.js";
import { REALTIME_USAGE, realtimeCommand } from "./realtime-command.js";
import { WORKER_ENV } from "./cluster-messages.js";
import { RELOAD_USAGE, reloadCommand } from "./reload-command.js";
import { serveSnapshot } from "./serve-command.js";
import { SIMULATE_USAGE, simulateCommand } from "./simulate-command.js";

const USAGE = `usage:
  lijnwijzer import <feed.zip|folder|url>... --out <file> [--profile auto|delijn|generic] [--reference <dir>|none]
                    [--walk-radius <metres>] [--walk-budget <minutes>] [--walk-speed <km/h>]
                    [--addresses <csv>]... [--pois <csv|geojson>]...
                    [--header "Name: value"]... [--previous <snapshot> | --fresh-keys]
      a feed may be an http(s) URL of a GTFS zip, fetched with the --header lines (e.g. a subscription key)
      keys never move: every stop, line, line direction and entity that survives keeps the key of the snapshot
      this import replaces (--previous, default the snapshot already at --out), a new one gets a number never
      used before, a removed one answers 404 "removed"; --fresh-keys starts the keys over; feeds keep their keys
      when given in the same order each time
      --profile auto (default) takes delijn for a feed that follows the operator's own GTFS
      conventions and generic for any other; the summary says which each feed got and why
      --walk-radius: stops at most this far apart (straight line) are linked on foot for route planning
      (default 400, at most ${MAX_WALK_RADIUS_METERS}); 0 walks only along transfers.txt and between platforms of one station
      --walk-budget: walks chaining several of those footpaths (A -> B -> C) become one footpath when they take at
      most this long (default ${FOOTPATH_PARAMETERS.budgetSeconds / 60}, at most ${MAX_WALK_BUDGET_SECONDS / 60}; 0: no chains)
      --walk-speed: walking pace of the footpaths and of route plans' walks (default ${FOOTPATH_PARAMETERS.walkMetersPerSecond * 3.6}, ${WALK_SPEED_KMH_RANGE[0]} to ${WALK_SPEED_KMH_RANGE[1]})
      --addresses: streets and addresses for the location search, from the Belgian address register's CSV export
      (BeST Address, e.g. openaddress-bevlg.csv); --pois: points of interest, CSV (name,kind,lat,lon) or GeoJSON
      points with properties name and kind; both may be given more than once
  lijnwijzer inspect <snapshot>                        counts, validity, entities, largest lines, warnings
  lijnwijzer inspect <snapshot> --stops|--lines [text] GTFS ids -> API keys, of the stops or lines whose
                                                       id, code, key or name contains text
  lijnwijzer inspect <snapshot> --key-history [text]   every key the imports gave (kept, added, removed and
                                                       when), of the ids, keys or resources containing text
  lijnwijzer serve [--network <snapshot>] [--port <n>] [--workers <n>] [--realtime <url|file|simulator>]... [--no-realtime]
                   [--feed <url|file>]... [--refresh <interval>] [--feed-header "Name: value"]...
      --feed: a GTFS zip (URL or file) the served network is imported from and kept current (FEEDS): checked at
      start and every --refresh (FEED_REFRESH: 15m, 6h, 1d or seconds; default 6h; off: at start only), imported
      in a separate process when one changed, and swapped in as a reload does; --network names the snapshot,
      imported first when it does not exist; --feed-header is sent with every feed URL (FEED_HEADERS)
  lijnwijzer start     build the demo snapshot when missing, then serve it on PORT (default 8080), with the
                       built-in real-time simulator unless --realtime, --no-realtime or REALTIME_FEEDS says otherwise
      --workers: processes that serve (WORKERS; default the number of cores, 1 = one process); SIGHUP reloads
      the snapshot, SIGTERM finishes the requests in flight and stops
  ${RELOAD_USAGE}
      the running server (started with ADMIN_PORT) loads its snapshot again; prints the snapshot now served, or
      why it was refused (exit 1) while the previous one stays in service
  ${SIMULATE_USAGE}
      a simulated GTFS-Realtime feed of the network, written to a file (again every --interval s) or served
  ${REALTIME_USAGE}
      what a GTFS-Realtime feed matches in the network: trips matched and unmatched by reason, the delays seen
  ${PLAN_USAGE}
      E1's route plan without a server; a point is lat,lon, a stop key entity_stop or gtfs:<stop_id> (a stop
      point starts or ends at that stop, no walk); --at is the network's local time (default now); --json prints
      E1's JSON
  ${KEYS_USAGE}
      the keys file (KEYS_FILE): add prints a new key once (the file keeps its hash), list shows fingerprints,
      labels, products and dates, revoke takes a fingerprint, label or key, products lists or defines products
      and their limits per minute and per day (default 6,000 and 864,000); a running server re-reads the file`;

const PROFILES = ["auto", "delijn", "generic"] as const;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "import":
        return await importCommand(rest);
      case "inspect":
        return inspectCommand(rest);
      case "serve":
        return await serveCommand(rest);
      case "start":
        return await serveCommand(rest, true);
      case "reload":
        return await reloadCommand(rest);
      case "simulate":
        return await simulateCommand(rest);
      case "realtime":
        return await realtimeCommand(rest);
      case "plan":
        return await planCommand(rest);
      case "keys":
        return await keysCommand(rest);
      case "help":
      case "--help":
      case "-h":
      case undefined:
        console.log(USAGE);
        return command === undefined ? 2 : 0;
      default:
        return usage(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof GtfsError || err instanceof LijnwijzerError || err instanceof CliError) {
      console.error(`lijnwijzer ${command}: ${err.message}`);
      return err instanceof CliError ? err.exitCode : 1;
    }
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) return usage(err.message);
    throw err;
  }
}

function usage(problem: string): number {
  console.error(`lijnwijzer: ${problem}\n${USAGE}`);
  return 2;
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      profile: { type: "string", default: "auto" },
      reference: { type: "string" },
      "walk-radius": { type: "string" },
      "walk-budget": { type: "string" },
      "walk-speed": { type: "string" },
      addresses: { type: "string", multiple: true },
      pois: { type: "string", multiple: true },
      header: { type: "string", multiple: true, short: "H" },
      previous: { type: "string" },
      "fresh-keys": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length === 0) return usage("import needs at least one feed (a GTFS zip or folder)");
  if (!values.out) return usage("import needs --out <snapshot file>");
  const profile = PROFILES.find((p) => p === values.profile);
  if (!profile) return usage(`--profile must be auto, delijn or generic, not "${values.profile}"`);
  let walkRadiusMeters: number | undefined;
  if (values["walk-radius"] !== undefined) {
    walkRadiusMeters = Number(values["walk-radius"]);
    if (values["walk-radius"].trim() === "" || !(walkRadiusMeters >= 0 && walkRadiusMeters <= MAX_WALK_RADIUS_METERS)) {
      return usage(`--walk-radius must be a number of metres from 0 to ${MAX_WALK_RADIUS_METERS}, not "${values["walk-radius"]}"`);
    }
  }
  let walkBudgetSeconds: number | undefined;
  if (values["walk-budget"] !== undefined) {
    const minutes = Number(values["walk-budget"]);
    if (values["walk-budget"].trim() === "" || !(minutes >= 0 && minutes * 60 <= MAX_WALK_BUDGET_SECONDS)) {
      return usage(`--walk-budget must be a number of minutes from 0 to ${MAX_WALK_BUDGET_SECONDS / 60}, not "${values["walk-budget"]}"`);
    }
    walkBudgetSeconds = Math.round(minutes * 60);
  }
  let walkMetersPerSecond: number | undefined;
  if (values["walk-speed"] !== undefined) {
    const kmh = Number(values["walk-speed"]);
    const [slowest, fastest] = WALK_SPEED_KMH_RANGE;
    if (values["walk-speed"].trim() === "" || !(kmh >= slowest && kmh <= fastest)) {
      return usage(`--walk-speed must be a number of km/h from ${slowest} to ${fastest}, not "${values["walk-speed"]}"`);
    }
    walkMetersPerSecond = kmh / 3.6;
  }
  if (values.previous !== undefined && values["fresh-keys"]) return usage("--previous and --fresh-keys exclude each other: continue the keys of a snapshot, or start them over");
  await importFeeds({
    feeds: positionals,
    out: values.out,
    headers: parseHeaderOptions(values.header ?? []),
    previous: values.previous,
    freshKeys: values["fresh-keys"],
    profile,
    reference: values.reference,
    walkRadiusMeters,
    walkBudgetSeconds,
    walkMetersPerSecond,
    addresses: values.addresses,
    pois: values.pois,
  });
  return 0;
}

function inspectCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { stops: { type: "boolean" }, lines: { type: "boolean" }, "key-history": { type: "boolean" } },
  });
  if (positionals.length === 0) return usage("inspect needs a snapshot file");
  const listing = values.stops || values.lines || values["key-history"];
  if (positionals.length > (listing ? 2 : 1)) {
    return usage(listing ? "inspect takes a snapshot file and one filter text" : "inspect takes one snapshot file (a filter text goes with --stops, --lines or --key-history)");
  }
  const filter = positionals[1] ?? "";
  inspectSnapshot(positionals[0], undefined, {
    stops: values.stops ? filter : undefined,
    lines: values.lines ? filter : undefined,
    keyHistory: values["key-history"] ? filter : undefined,
  });
  return 0;
}

async function serveCommand(args: string[], demo = false): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      network: { type: "string" },
      port: { type: "string" },
      realtime: { type: "string", multiple: true },
      "no-realtime": { type: "boolean" },
      workers: { type: "string" },
      feed: { type: "string", multiple: true },
      refresh: { type: "string" },
      "feed-header": { type: "string", multiple: true },
    },
  });
  const env = { ...process.env };
  if (values.port !== undefined) env.PORT = values.port;
  if (values.workers !== undefined) env.WORKERS = values.workers;
  const config = loadConfig(env, {
    feeds: values.realtime,
    off: values["no-realtime"],
    gtfsFeeds: values.feed,
    refresh: values.refresh,
    feedHeaders: values["feed-header"],
  });
  if (config.feeds.sources.length > 0 && (demo || values.network === undefined)) {
    return usage("--feed (or FEEDS) needs --network <snapshot>: the file the feeds are imported to (imported first when it does not exist)");
  }
  // `start` and a bare `serve` serve the demo network, building its snapshot when missing.
  const servesDemo = demo || values.network === undefined;
  // A cluster's worker serves the snapshot its primary resolved (the demo's is built once, by the primary).
  const resolved = cluster.isWorker ? process.env[WORKER_ENV.snapshot] : undefined;
  const network = resolved ?? (servesDemo ? await ensureDemoSnapshot() : values.network!);
  await serveSnapshot({ network, config, demo: servesDemo, argv: [demo ? "start" : "serve", ...args] });
  return 0;
}
