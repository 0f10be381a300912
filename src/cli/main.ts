/**
 * The `lijnwijzer` command:
 *   lijnwijzer import <feed>... --out <file> [--profile delijn|generic] [--reference <dir>|none]
 *   lijnwijzer inspect <file>
 *   lijnwijzer serve [--network <file>] [--port <n>]
 *   lijnwijzer start            (what `npm start` runs: build the demo snapshot when missing, then serve it)
 */
import { parseArgs } from "node:util";
import { GtfsError } from "../gtfs/gtfs-error.js";
import { LijnwijzerError } from "../errors.js";
import { loadConfig } from "../lib/config.js";
import type { KeyProfile } from "../network/model.js";
import { ensureDemoSnapshot } from "./demo-snapshot.js";
import { importFeeds } from "./import-command.js";
import { inspectSnapshot } from "./inspect-command.js";
import { serveSnapshot } from "./serve-command.js";

const USAGE = `usage:
  lijnwijzer import <feed.zip|folder>... --out <file> [--profile delijn|generic] [--reference <dir>|none]
  lijnwijzer inspect <snapshot>
  lijnwijzer serve [--network <snapshot>] [--port <n>]
  lijnwijzer start     build the demo snapshot when missing, then serve it on PORT (default 8080)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "import":
        return await importCommand(rest);
      case "inspect": {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true });
        if (positionals.length !== 1) return usage("inspect takes one snapshot file");
        inspectSnapshot(positionals[0]);
        return 0;
      }
      case "serve":
        return await serveCommand(rest);
      case "start":
        return await serveCommand(rest, true);
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
    if (err instanceof GtfsError || err instanceof LijnwijzerError) {
      console.error(`\nlijnwijzer ${command}: ${err.message}`);
      return 1;
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
      profile: { type: "string", default: "delijn" },
      reference: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length === 0) return usage("import needs at least one feed (a GTFS zip or folder)");
  if (!values.out) return usage("import needs --out <snapshot file>");
  if (values.profile !== "delijn" && values.profile !== "generic") return usage(`--profile must be delijn or generic, not "${values.profile}"`);
  await importFeeds({ feeds: positionals, out: values.out, profile: values.profile as KeyProfile, reference: values.reference });
  return 0;
}

async function serveCommand(args: string[], demo = false): Promise<number> {
  const { values } = parseArgs({ args, options: { network: { type: "string" }, port: { type: "string" } } });
  const env = { ...process.env };
  if (values.port !== undefined) env.PORT = values.port;
  const config = loadConfig(env);
  // `start` and a bare `serve` serve the demo network, building its snapshot when missing.
  const network = demo || values.network === undefined ? await ensureDemoSnapshot() : values.network;
  await serveSnapshot({ network, config });
  return 0;
}
