import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { type CliRun, root, runCli, tempDir } from "./support/run-cli.js";

/** A port nobody listens on (a moment ago somebody did). */
function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) =>
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }),
  );
}

/** runCli without blocking this process, whose HTTP server must answer the command. */
function runCliAsync(args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ["bin/lijnwijzer.js", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

let snapshot: string;
let dir: string;
let simulated: RtFeedMessage;
let server: Server;
let origin: string;

beforeAll(async () => {
  snapshot = await ensureDemoSnapshot({ quiet: true });
  const net = loadSnapshot(snapshot);
  dir = tempDir();
  simulated = simulateFeed(net, zonedTime(net.meta.timezone).localToEpochMs(20261124, 17 * 3600), { alerts: false });
  writeFileSync(join(dir, "simulated.pb"), encodeFeedMessage(simulated));
  const unknown: RtFeedMessage = {
    header: { gtfsRealtimeVersion: "2.0", timestamp: simulated.header.timestamp },
    entity: [
      { id: "a", tripUpdate: { trip: { tripId: "no-such-trip", startDate: "20261124" }, stopTimeUpdate: [{ stopId: "x", arrival: { delay: 60 } }] } },
      { id: "b", tripUpdate: { trip: { tripId: "another", startDate: "20261124" }, stopTimeUpdate: [] } },
    ],
  };
  writeFileSync(join(dir, "unknown.pb"), encodeFeedMessage(unknown));
  writeFileSync(join(dir, "corrupt.pb"), Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x7f, 0x01]));
  writeFileSync(join(dir, "empty.pb"), encodeFeedMessage({ ...unknown, entity: [] }));
  // A feed behind a key, as operators publish them.
  const bytes = encodeFeedMessage(simulated);
  server = createServer((req, res) => {
    if (req.headers["ocp-apim-subscription-key"] !== "secret") res.writeHead(401).end();
    else res.writeHead(200, { "content-type": "application/x-protobuf" }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("lijnwijzer realtime", () => {
  it("realtime - a feed that matches: entities, matched and unmatched, the trips and the delays as a distribution", () => {
    const r = runCli(["realtime", snapshot, join(dir, "simulated.pb")]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const trips = simulated.entity.filter((e) => e.tripUpdate).length;
    const vehicles = simulated.entity.filter((e) => e.vehicle).length;
    const cancelled = simulated.entity.filter((e) => e.tripUpdate?.trip.scheduleRelationship === 3).length;
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^feed .*simulated\.pb: \d+ bytes, GTFS-Realtime 2\.0, FULL_DATASET$/);
    expect(lines[1]).toBe("  header timestamp 2026-11-24T17:00:00 (0 s old); judged at 2026-11-24T17:00:00 Europe/Brussels");
    expect(lines[2]).toBe(`  entities: ${trips + vehicles} (${trips} trip updates, ${vehicles} vehicle positions, 0 alerts)`);
    expect(lines[3]).toBe(`matched: ${trips + vehicles}`);
    expect(lines[4]).toBe("unmatched: 0");
    expect(lines[5]).toMatch(new RegExp(`^trips: ${trips - cancelled} with predictions, ${cancelled} cancelled, 0 added; \\d+ skipped stops;`));
    expect(lines[6]).toMatch(/^delays of \d+ scheduled trips \(at the last stop with a time\): p10 [-+]\d+:\d\d, median \+\d:\d\d, p90 \+\d+:\d\d/);
    const ranges = lines.slice(7, 15);
    expect(ranges.map((l) => l.trim().split(/\s{2,}/)[0])).toEqual([
      "more than 5 min early",
      "1 to 5 min early",
      "within 1 min",
      "1 to 3 min late",
      "3 to 5 min late",
      "5 to 10 min late",
      "10 to 20 min late",
      "more than 20 min late",
    ]);
    const counted = ranges.reduce((n, l) => n + Number(l.trim().split(/\s{2,}/)[1]), 0);
    expect(counted).toBe(trips - cancelled);
    expect(lines[15]).toMatch(/^state built in \d+ ms$/);
  });

  it("realtime - a feed of unknown trips: unmatched by reason, exit code 1", () => {
    const r = runCli(["realtime", snapshot, join(dir, "unknown.pb")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("matched: 0\nunmatched: 2\n        2  unknown_trip: trip_id not in the network (nor route, direction and start time)\n");
    expect(r.stdout).toContain("delays: none (no scheduled trip with a prediction)");
  });

  it("realtime - an empty feed (nothing on the road, as the demo's at night) is no mismatch: exit code 0, said so", () => {
    const r = runCli(["realtime", snapshot, join(dir, "empty.pb")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("  entities: 0 (0 trip updates, 0 vehicle positions, 0 alerts)\n  the feed is empty: nothing on the road at that moment, or nothing published\n");
    expect(r.stdout).toContain("matched: 0\nunmatched: 0\n");
  });

  it("realtime - a URL with --header, as a feed behind a subscription key", async () => {
    const r = await runCliAsync(["realtime", snapshot, `${origin}/feed`, "--header", "Ocp-Apim-Subscription-Key: secret"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^feed http:\/\/127\.0\.0\.1:\d+\/feed: \d+ bytes/);
    expect(r.stdout).toContain("unmatched: 0\n");
    const refused = await runCliAsync(["realtime", snapshot, `${origin}/feed`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`lijnwijzer realtime: feed ${origin}/feed answered HTTP 401 (a key? --header "Name: value")\n`);
  });

  it("realtime - --at judges the feed at another moment", () => {
    const r = runCli(["realtime", snapshot, join(dir, "simulated.pb"), "--at", "2026-11-24T18:00"]);
    expect(r.stdout).toContain("  header timestamp 2026-11-24T17:00:00 (60 min old); judged at 2026-11-24T18:00:00 Europe/Brussels\n");
  });

  it("realtime - what cannot be read is said in words", async () => {
    const corrupt = runCli(["realtime", snapshot, join(dir, "corrupt.pb")]);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toMatch(/^lijnwijzer realtime: feed .*corrupt\.pb \(6 bytes\) is not a GTFS-Realtime FeedMessage: index out of range: 5 \+ 268435455 > 6\n$/);
    const missing = runCli(["realtime", snapshot, join(dir, "nothing.pb")]);
    expect(missing.stderr).toBe(`lijnwijzer realtime: feed ${join(dir, "nothing.pb")} does not exist: give a GTFS-Realtime file or an http(s) URL\n`);
    const closed = await freePort();
    const unreachable = runCli(["realtime", snapshot, `http://127.0.0.1:${closed}/feed`]);
    expect(unreachable.stderr).toBe(`lijnwijzer realtime: feed http://127.0.0.1:${closed}/feed cannot be fetched: ECONNREFUSED\n`);
    const usage = runCli(["realtime", snapshot]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe("lijnwijzer realtime: takes a snapshot file and a feed (URL or file): see lijnwijzer realtime --help\n");
    const header = runCli(["realtime", snapshot, join(dir, "simulated.pb"), "--header", "nocolon"]);
    expect(header.code).toBe(2);
    expect(header.stderr).toMatch(/--header "nocolon" is not "Name: value"/);
  });
});
