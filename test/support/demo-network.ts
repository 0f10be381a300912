import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import type { Network } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";

let cached: Promise<Network> | undefined;

/** The demo network, compiled once per test run (test/global-setup.ts) and loaded once per worker. */
export function demoNetwork(): Promise<Network> {
  cached ??= ensureDemoSnapshot({ quiet: true }).then(loadSnapshot);
  return cached;
}
