import { ensureDemoSnapshot } from "../src/cli/demo-snapshot.js";

/** Builds the demo snapshot once, before any test worker starts, so tests only load it. */
export default async function setup(): Promise<void> {
  await ensureDemoSnapshot({ quiet: true });
}
