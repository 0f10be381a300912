import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { startServer, type TestServer } from "./server.js";
import { suiteNetwork } from "./suite-network.js";

let server: TestServer;
let net: Network;
const NOW = Date.parse("2024-06-01T13:00:00Z");

beforeAll(async () => {
  net = await suiteNetwork();
  server = await startServer(net, {}, () => NOW);
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
        ageSeconds: Math.floor((NOW - Date.parse(net.meta.createdAt)) / 1000),
      },
    });
  });
});
