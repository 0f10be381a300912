import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { startServer, type TestServer } from "./server.js";
import { suiteNetwork } from "./suite-network.js";

let server: TestServer;
let net: Network;
let now: number;

beforeAll(async () => {
  net = await suiteNetwork();
  // One hour and a half second after the snapshot was written.
  now = Date.parse(net.meta.createdAt) + 3_600_500;
  server = await startServer(net, {}, () => now);
});
afterAll(async () => {
  await server?.close();
});

describe("/health", () => {
  it("health - answers without a key with the network's counts, validity, zone, feeds and age", async () => {
    const res = await fetch(`${server.origin}/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    let directions = 0;
    for (const e of net.lineDirections.exists) directions += e;
    const ymd = (d: number) => `${String(d).slice(0, 4)}-${String(d).slice(4, 6)}-${String(d).slice(6)}`;
    expect(body).toEqual({
      status: "ok",
      network: {
        counts: {
          stops: net.stops.count,
          lines: net.lines.count,
          lineDirections: directions,
          patterns: net.patterns.count,
          trips: net.trips.count,
          stopTimes: net.stopTimes.count,
        },
        validFrom: ymd(net.meta.validFrom),
        validTo: ymd(net.meta.validTo),
        timezone: "Europe/Brussels",
        feeds: net.meta.feeds.map((f) => ({ source: f.source, profile: f.profile, ...(f.publisher ? { publisher: f.publisher } : {}), ...(f.version ? { version: f.version } : {}) })),
        createdAt: net.meta.createdAt,
        ageSeconds: 3600,
      },
    });
  });
});
