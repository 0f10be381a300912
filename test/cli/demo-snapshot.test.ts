import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { SNAPSHOT_FORMAT_VERSION } from "../../src/network/constants.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import { loadSnapshot, writeSnapshot } from "../../src/network/snapshot.js";
import { agency, feed, route, stop } from "../support/feed-builder.js";
import { tempDir } from "./support/run-cli.js";

describe("ensureDemoSnapshot", () => {
  const saved = process.env.LIJNWIJZER_CACHE_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.LIJNWIJZER_CACHE_DIR;
    else process.env.LIJNWIJZER_CACHE_DIR = saved;
  });

  it("ensureDemoSnapshot - a cached snapshot of an older format version is built again, with the delijn profile", async () => {
    const dir = tempDir();
    process.env.LIJNWIJZER_CACHE_DIR = dir;
    const cached = join(dir, "demo.snapshot");
    const tiny = compileNetwork([
      {
        profile: "delijn",
        feed: feed({ agencies: [agency({ agencyId: "3" })], stops: [stop("300483", 50.86, 4.64)], routes: [route("3302", { agencyId: "3" })], trips: [] }),
      },
    ]);
    writeSnapshot(tiny, cached);
    const bytes = readFileSync(cached);
    bytes.writeUInt32LE(SNAPSHOT_FORMAT_VERSION - 1, 8); // newer than the demo feed, but of the previous format
    writeFileSync(cached, bytes);

    expect(await ensureDemoSnapshot({ quiet: true })).toBe(cached);
    expect(readFileSync(cached).readUInt32LE(8)).toBe(SNAPSHOT_FORMAT_VERSION);
    const net = loadSnapshot(cached);
    expect(net.stops.count).toBe(7789);
    expect(net.meta.feeds.map((f) => `${f.source}:${f.profile}`)).toEqual(["flanders.zip:delijn"]);
    expect(net.meta.warnings.every((w) => Array.isArray(w.examples))).toBe(true);
  }, 60_000);
});
