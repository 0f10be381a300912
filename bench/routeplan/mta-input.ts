/**
 * What both route-planning benchmarks (run.ts, realtime.ts) read: their flags, and the MTA feeds that
 * `npm run bench:import` fetches into bench/.data/mta.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { benchDataDir } from "../lib/bench-paths.js";

/** The value after `--name` on the command line. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export const flag = (name: string) => process.argv.includes(name);

/** The nine MTA zips, sorted; exits 2 with what to run when they are not there. */
export function mtaZips(): string[] {
  const zipsDir = join(benchDataDir, "mta");
  if (!existsSync(zipsDir)) {
    console.error(`no feeds in ${zipsDir}: run \`npm run bench:import\` first (it fetches the MTA feeds)`);
    process.exit(2);
  }
  return readdirSync(zipsDir)
    .filter((f) => f.endsWith(".zip"))
    .sort()
    .map((f) => join(zipsDir, f));
}
