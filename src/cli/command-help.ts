/**
 * What `lijnwijzer <command> --help` prints: the command's usage, its options and an example, one text a command;
 * `lijnwijzer --help` lists the commands. A mistake on the command line is one line (usageError), pointing here.
 */
import { FOOTPATH_PARAMETERS, MAX_WALK_BUDGET_SECONDS, MAX_WALK_RADIUS_METERS, WALK_SPEED_KMH_RANGE } from "../network/build-footpaths.js";
import { KEYS_USAGE } from "./keys-command.js";
import { PLAN_USAGE } from "./plan-command.js";
import { REACH_USAGE } from "./reach-command.js";
import { REALTIME_USAGE } from "./realtime-command.js";
import { RELOAD_USAGE } from "./reload-command.js";
import { SIMULATE_USAGE } from "./simulate-command.js";

export const COMMANDS = ["import", "inspect", "serve", "start", "reload", "simulate", "realtime", "plan", "reach", "keys"] as const;
export type Command = (typeof COMMANDS)[number];

export function isCommand(text: string | undefined): text is Command {
  return (COMMANDS as readonly (string | undefined)[]).includes(text);
}

/** Whether the arguments ask for help (`--help` or `-h` before a `--`). */
export function asksHelp(args: readonly string[]): boolean {
  for (const a of args) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}

const SERVE_OPTIONS = `      --port <n>: the port (PORT; default 8080); --workers <n>: processes that serve (WORKERS; default the number
      of cores, 1 = one process); SIGHUP reloads the snapshot, SIGTERM finishes the requests in flight and stops
      --realtime <url|file|simulator>: a GTFS-Realtime feed to poll (REALTIME_FEEDS), more than once for several;
      --no-realtime: none`;

/** The help of each command. */
export const COMMAND_HELP: Record<Command, string> = {
  import: `usage: lijnwijzer import <feed.zip|folder|url>... --out <file> [--profile auto|delijn|generic] [--reference <dir>|none]
                         [--walk-radius <metres>] [--walk-budget <minutes>] [--walk-speed <km/h>]
                         [--addresses <csv>]... [--pois <csv|geojson>]...
                         [--header "Name: value"]... [--previous <snapshot> | --fresh-keys]
  Compiles GTFS feeds into a snapshot that \`serve\` answers from.
      a feed may be an http(s) URL of a GTFS zip, fetched with the --header lines (e.g. a subscription key)
      --out: the snapshot to write (its folder must exist)
      keys never move: every stop, line, line direction and entity that survives keeps the key of the snapshot
      this import replaces (--previous, default the snapshot already at --out), a new one gets a number never
      used before, a removed one answers 404 "removed"; --fresh-keys starts the keys over; feeds keep their keys
      when given in the same order each time
      --profile auto (default) takes delijn for a feed that follows the operator's own GTFS
      conventions and generic for any other; the summary says which each feed got and why
      --reference: the folder of municipalities, regions and colours (default the built-in Flemish one); none for
      a network outside Flanders
      --walk-radius: stops at most this far apart (straight line) are linked on foot for route planning
      (default 400, at most ${MAX_WALK_RADIUS_METERS}); 0 walks only along transfers.txt and between platforms of one station
      --walk-budget: walks chaining several of those footpaths (A -> B -> C) become one footpath when they take at
      most this long (default ${FOOTPATH_PARAMETERS.budgetSeconds / 60}, at most ${MAX_WALK_BUDGET_SECONDS / 60}; 0: no chains)
      --walk-speed: walking pace of the footpaths and of route plans' walks (default ${FOOTPATH_PARAMETERS.walkMetersPerSecond * 3.6}, ${WALK_SPEED_KMH_RANGE[0]} to ${WALK_SPEED_KMH_RANGE[1]})
      --addresses: streets and addresses for the location search, from the Belgian address register's CSV export
      (BeST Address, e.g. openaddress-bevlg.csv); --pois: points of interest, CSV (name,kind,lat,lon) or GeoJSON
      points with properties name and kind; both may be given more than once
  example: lijnwijzer import gtfs.zip --out network.snapshot --reference none`,
  inspect: `usage: lijnwijzer inspect <snapshot>                        counts, validity, entities, largest lines, warnings
       lijnwijzer inspect <snapshot> --stops|--lines [text] GTFS ids -> API keys, of the stops or lines whose
                                                            id, code, key or name contains text
       lijnwijzer inspect <snapshot> --key-history [text]   every key the imports gave (kept, added, removed and
                                                            when), of the ids, keys or resources containing text
  example: lijnwijzer inspect network.snapshot --stops "Leuven Station"`,
  serve: `usage: lijnwijzer serve [--network <snapshot>] [--port <n>] [--workers <n>] [--realtime <url|file|simulator>]... [--no-realtime]
                        [--feed <url|file>]... [--refresh <interval>] [--feed-header "Name: value"]...
  Serves the API, /docs and the page on a snapshot (without --network, the demo network).
${SERVE_OPTIONS}
      --feed: a GTFS zip (URL or file) the served network is imported from and kept current (FEEDS): checked at
      start and every --refresh (FEED_REFRESH: 15m, 6h, 1d or seconds; default 6h; off: at start only), imported
      in a separate process when one changed, and swapped in as a reload does; --network names the snapshot,
      imported first when it does not exist; --feed-header is sent with every feed URL (FEED_HEADERS)
  example: lijnwijzer serve --network network.snapshot --port 8080 --realtime https://example.org/gtfs-rt`,
  start: `usage: lijnwijzer start [--port <n>] [--workers <n>] [--realtime <url|file|simulator>]... [--no-realtime]
  Builds the demo snapshot when missing, then serves it (what \`npm start\` runs), with the built-in real-time
  simulator unless --realtime, --no-realtime or REALTIME_FEEDS says otherwise.
${SERVE_OPTIONS}
  example: lijnwijzer start --port 3000`,
  reload: `usage: ${RELOAD_USAGE}
  The running server (started with ADMIN_PORT) loads its snapshot again; prints the snapshot now served, or why
  it was refused (exit 1) while the previous one stays in service.
  example: lijnwijzer reload --admin-port 9090    (the server started with ADMIN_PORT=9090)`,
  simulate: `usage: ${SIMULATE_USAGE}
  A simulated GTFS-Realtime feed of the network, written to a file (again every --interval s) or served.
  example: lijnwijzer simulate network.snapshot --port 9000`,
  realtime: `usage: ${REALTIME_USAGE}
  What a GTFS-Realtime feed matches in the network: trips matched and unmatched by reason, the delays seen.
  example: lijnwijzer realtime network.snapshot https://example.org/gtfs-rt/trip-updates`,
  plan: `usage: ${PLAN_USAGE}
  E1's route plan without a server; a point is lat,lon, a stop key entity_stop or gtfs:<stop_id> (a stop point
  starts or ends at that stop, no walk); --at is the network's local time (default now); --json prints E1's JSON.
  example: lijnwijzer plan network.snapshot --from 50.8798,4.7005 --to 50.8774,4.7103 --at 2026-03-17T08:00:00`,
  reach: `usage: ${REACH_USAGE}
  The stops reachable within --minutes (default 30, at most 120) leaving --at (default now), as the bereikbaarheid
  endpoint answers, on the schedule: arrival, travel time and transfers per stop; a point as plan's; --window <n>
  searches n departure minutes and keeps a stop whose median travel time is within the limit; --geojson prints the
  area and the stops as a GeoJSON FeatureCollection, --json the endpoint's JSON.
  example: lijnwijzer reach network.snapshot --from 50.8798,4.7005 --at 2026-03-17T08:00:00 --minutes 30 --geojson`,
  keys: `usage: ${KEYS_USAGE}
  The keys file (KEYS_FILE, or --file): add prints a new key once (the file keeps its hash), list shows
  fingerprints, labels, products and dates, revoke takes a fingerprint, label or key, products lists or defines
  products and their limits per minute and per day (default 6,000 and 864,000); a running server re-reads the file.
  example: KEYS_FILE=./keys.json lijnwijzer keys add --label "my dashboard"`,
};

/** `lijnwijzer --help`: the commands, one line each. */
export const OVERVIEW = `usage: lijnwijzer <command> [options]      lijnwijzer <command> --help for its options and an example
  import     compile GTFS feeds into a snapshot
  inspect    what a snapshot holds: counts, validity, keys of stops and lines, key history
  serve      serve the API, /docs and the page on a snapshot (the demo network without --network)
  start      build the demo snapshot when missing and serve it (npm start)
  reload     make a running server load its snapshot again
  simulate   a simulated GTFS-Realtime feed of a network, to a file or served
  realtime   what a GTFS-Realtime feed matches in a network
  plan       a route plan from the command line
  reach      the stops reachable from a point within some minutes, and the area (GeoJSON)
  keys       add, list and revoke API keys, and define products and their limits
  lijnwijzer --version prints the version`;
