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
 *   lijnwijzer reach <file> --from <point> [--at <time>] [--minutes <n>] [--window <n>] [--geojson]   (reach-command.ts)
 *   lijnwijzer keys add|list|revoke|products ...                          (keys-command.ts)
 * Problems the user can fix are printed as `lijnwijzer <command>: <what is wrong>: <what to do>`.
 */
import cluster from "node:cluster";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { GtfsError } from "../gtfs/gtfs-error.js";
import { LijnwijzerError } from "../errors.js";
import { packageInfo } from "../lib/package-info.js";
import { loadConfig } from "../config/load-config.js";
import { MAX_WALK_BUDGET_SECONDS, MAX_WALK_RADIUS_METERS, WALK_SPEED_KMH_RANGE } from "../network/build-footpaths.js";
import { CliError, usageError } from "./cli-error.js";
import { asksHelp, COMMAND_HELP, type Command, isCommand, OVERVIEW } from "./command-help.js";
import { ensureDemoSnapshot } from "./demo-snapshot.js";
import { parseHeaderOptions } from "./header-options.js";
import { importFeeds } from "./import-command.js";
import { inspectSnapshot } from "./inspect-command.js";
import { keysCommand } from "./keys-command.js";
import { planCommand } from "./plan-command.js";
import { reachCommand } from "./reach-command.js";
import { realtimeCommand } from "./realtime-command.js";
import { WORKER_ENV } from "./cluster-messages.js";
import { reloadCommand } from "./reload-command.js";
import { stopWithNpm } from "./parent-watch.js";
import { serveSnapshot } from "./serve-command.js";
import { simulateCommand } from "./simulate-command.js";

const PROFILES = ["auto", "delijn", "generic"] as const;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (isCommand(command) && asksHelp(rest)) {
      console.log(COMMAND_HELP[command]);
      return 0;
    }
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
      case "reach":
        return await reachCommand(rest);
      case "keys":
        return await keysCommand(rest);
      case "--version":
      case "-v":
      case "version":
        console.log(`${packageInfo().name} ${packageInfo().version}`);
        return 0;
      case "help":
      case "--help":
      case "-h":
        if (isCommand(rest[0])) console.log(COMMAND_HELP[rest[0]]);
        else console.log(OVERVIEW);
        return 0;
      case undefined:
        console.error(OVERVIEW);
        return 2;
      default:
        throw usageError(undefined, `unknown command "${command}"`);
    }
  } catch (err) {
    const prefix = isCommand(command) ? `lijnwijzer ${command}` : "lijnwijzer";
    if (err instanceof GtfsError || err instanceof LijnwijzerError || err instanceof CliError) {
      console.error(`${prefix}: ${err.message}`);
      return err instanceof CliError ? err.exitCode : 1;
    }
    const code = (err as { code?: string }).code;
    if (err instanceof TypeError && code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${prefix}: ${usageError(isCommand(command) ? command : undefined, parseArgsProblem(err.message, code)).message}`);
      return 2;
    }
    throw err;
  }
}

/** node:util parseArgs' message as a short problem, the option named as typed. */
export function parseArgsProblem(message: string, code: string): string {
  // "Option '-o, --out <value>' argument missing", "Unknown option '--bogus'": the long name when there is one.
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  const argument = /argument '([^']*)'/i.exec(message)?.[1] ?? /Unexpected argument '([^']*)'/.exec(message)?.[1];
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return option ? `unknown option ${option}` : "unknown option";
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return option ? (/argument missing/.test(message) ? `${option} needs a value` : `${option} takes no value`) : message;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return argument !== undefined ? `unexpected argument "${argument}"` : "unexpected argument";
    default:
      return message;
  }
}

/** A mistake in main's own commands (the others throw usageError themselves). */
function usage(command: Command, problem: string): never {
  throw usageError(command, problem);
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
    },
  });
  if (positionals.length === 0) return usage("import", "needs at least one feed (a GTFS zip, folder or URL)");
  if (!values.out) return usage("import", "needs --out <snapshot file>");
  const profile = PROFILES.find((p) => p === values.profile);
  if (!profile) return usage("import", `--profile must be auto, delijn or generic, not "${values.profile}"`);
  let walkRadiusMeters: number | undefined;
  if (values["walk-radius"] !== undefined) {
    walkRadiusMeters = Number(values["walk-radius"]);
    if (values["walk-radius"].trim() === "" || !(walkRadiusMeters >= 0 && walkRadiusMeters <= MAX_WALK_RADIUS_METERS)) {
      return usage("import", `--walk-radius must be a number of metres from 0 to ${MAX_WALK_RADIUS_METERS}, not "${values["walk-radius"]}"`);
    }
  }
  let walkBudgetSeconds: number | undefined;
  if (values["walk-budget"] !== undefined) {
    const minutes = Number(values["walk-budget"]);
    if (values["walk-budget"].trim() === "" || !(minutes >= 0 && minutes * 60 <= MAX_WALK_BUDGET_SECONDS)) {
      return usage("import", `--walk-budget must be a number of minutes from 0 to ${MAX_WALK_BUDGET_SECONDS / 60}, not "${values["walk-budget"]}"`);
    }
    walkBudgetSeconds = Math.round(minutes * 60);
  }
  let walkMetersPerSecond: number | undefined;
  if (values["walk-speed"] !== undefined) {
    const kmh = Number(values["walk-speed"]);
    const [slowest, fastest] = WALK_SPEED_KMH_RANGE;
    if (values["walk-speed"].trim() === "" || !(kmh >= slowest && kmh <= fastest)) {
      return usage("import", `--walk-speed must be a number of km/h from ${slowest} to ${fastest}, not "${values["walk-speed"]}"`);
    }
    walkMetersPerSecond = kmh / 3.6;
  }
  if (values.previous !== undefined && values["fresh-keys"]) return usage("import", "--previous and --fresh-keys exclude each other: continue the keys of a snapshot, or start them over");
  checkOutput(values.out);
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

/** Before a long import: the snapshot's folder exists and may be written, and --out names no folder. */
function checkOutput(out: string): void {
  const dir = dirname(resolve(out));
  const folder = existsSync(dir) ? statSync(dir) : undefined;
  if (!folder) throw new CliError(`--out ${out}: the folder ${dir} does not exist: create it first (mkdir -p ${dir})`);
  if (!folder.isDirectory()) throw new CliError(`--out ${out}: ${dir} is a file, not a folder: give a path in a folder`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new CliError(`--out ${out} is a folder: give a file name, e.g. ${join(out, "network.snapshot")}`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CliError(`--out ${out}: this user may not write in the folder ${dir}: choose another folder`);
  }
}

function inspectCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { stops: { type: "boolean" }, lines: { type: "boolean" }, "key-history": { type: "boolean" } },
  });
  if (positionals.length === 0) return usage("inspect", "needs a snapshot file");
  const listing = values.stops || values.lines || values["key-history"];
  if (positionals.length > (listing ? 2 : 1)) {
    return usage("inspect", listing ? "takes a snapshot file and one filter text" : "takes one snapshot file (a filter text goes with --stops, --lines or --key-history)");
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
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env, {
      feeds: values.realtime,
      off: values["no-realtime"],
      gtfsFeeds: values.feed,
      refresh: values.refresh,
      feedHeaders: values["feed-header"],
    });
  } catch (err) {
    throw err instanceof LijnwijzerError ? new CliError(flagsAsTyped(err.message, values), 2) : err;
  }
  if (config.feeds.sources.length > 0 && (demo || values.network === undefined)) {
    return usage(demo ? "start" : "serve", "--feed (or FEEDS) needs --network <snapshot>: the file the feeds are imported to (imported first when it does not exist)");
  }
  // `start` and a bare `serve` serve the demo network, building its snapshot when missing.
  const servesDemo = demo || values.network === undefined;
  // A cluster's worker serves the snapshot its primary resolved (the demo's is built once, by the primary).
  const resolved = cluster.isWorker ? process.env[WORKER_ENV.snapshot] : undefined;
  const network = resolved ?? (servesDemo ? await ensureDemoSnapshot() : values.network!);
  // The primary (or a process alone) stops with the npm that started it; its workers stop with it.
  if (!cluster.isWorker) stopWithNpm(() => process.kill(process.pid, "SIGTERM"));
  await serveSnapshot({ network, config, demo: servesDemo, argv: [demo ? "start" : "serve", ...args] });
  return 0;
}

/** The settings serve's flags set, by the name a configuration message gives them (load-config.ts). */
const SERVE_FLAGS: Array<[setting: string, flag: string]> = [
  ["PORT", "port"],
  ["WORKERS", "workers"],
  ["REALTIME_FEEDS", "realtime"],
  ["FEED_REFRESH", "refresh"],
  ["FEED_HEADERS", "feed-header"],
  ["FEEDS", "feed"],
];

/** A configuration message with each setting the user gave as a flag named as that flag (--port, not PORT). */
function flagsAsTyped(message: string, given: Record<string, unknown>): string {
  let out = message.replace(/^Invalid configuration: /, "");
  for (const [setting, flag] of SERVE_FLAGS) {
    if (given[flag] !== undefined) out = out.replaceAll(`${setting} (or --${flag})`, setting).replace(new RegExp(`\\b${setting}\\b`, "g"), `--${flag}`);
  }
  return out;
}
