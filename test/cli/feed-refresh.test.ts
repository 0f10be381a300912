import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { type ServeProcess, startServe } from "./support/serve-process.js";

/**
 * `serve --feed ... --refresh ...` against the real server: a GTFS feed on a loopback HTTP server (or a file)
 * changes while the server runs under load; every failure of a check or an import leaves the network in place and
 * shows on /health.
 */

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
const day = (offset: number) => ymd(new Date(Date.now() + offset * 86_400_000));

/** A tiny valid feed whose stop names (and feed_version) carry `version`; `brokenRoute` makes trips.txt name an unknown route. */
function feedFiles(version: string, brokenRoute = false): Record<string, string> {
  return {
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone,agency_lang\nA,Test Bus,https://example.org,Europe/Brussels,nl\n",
    "calendar.txt": `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,${day(-30)},${day(365)}\n`,
    "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A,1,Noord - Zuid,3\n",
    "stops.txt": [
      "stop_id,stop_name,stop_lat,stop_lon",
      `S1,Noord ${version},50.8800,4.7000`,
      `S2,Markt ${version},50.8790,4.7010`,
      `S3,Zuid ${version},50.8780,4.7020`,
    ].join("\n"),
    "trips.txt": `route_id,service_id,trip_id,direction_id\n${brokenRoute ? "R9" : "R1"},ALL,T1,0\nR1,ALL,T2,0\n`,
    "stop_times.txt": [
      "trip_id,arrival_time,departure_time,stop_id,stop_sequence",
      "T1,08:00:00,08:00:00,S1,1",
      "T1,08:05:00,08:05:00,S2,2",
      "T1,08:10:00,08:10:00,S3,3",
      "T2,09:00:00,09:00:00,S1,1",
      "T2,09:05:00,09:05:00,S2,2",
      "T2,09:10:00,09:10:00,S3,3",
    ].join("\n"),
    "feed_info.txt": `feed_publisher_name,feed_publisher_url,feed_lang,feed_version\nTest,https://example.org,nl,${version}\n`,
  };
}

async function zip(files: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) z.addBuffer(Buffer.from(text), name);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The feed's loopback server: what it answers is set by the test; it counts answers by status. */
interface FeedServer {
  url: string;
  server: Server;
  /** The zip served (200, or 304 for its own ETag). */
  body: Buffer;
  /** "ok"; "down": 503; "cut": Content-Length of the whole body, half of it sent, the connection closed. */
  mode: "ok" | "down" | "cut";
  statuses: number[];
  /** The X-Feed-Key header of each request. */
  keys: Array<string | undefined>;
}

async function feedServer(body: Buffer): Promise<FeedServer> {
  const f = { body, mode: "ok", statuses: [], keys: [] } as unknown as FeedServer;
  const etagOf = (b: Buffer) => `"${createHash("sha256").update(b).digest("hex").slice(0, 16)}"`;
  f.server = createServer((req, res) => {
    f.keys.push(req.headers["x-feed-key"] as string | undefined);
    if (f.mode === "down") {
      f.statuses.push(503);
      return void res.writeHead(503, "Service Unavailable").end("maintenance");
    }
    const etag = etagOf(f.body);
    if (req.headers["if-none-match"] === etag) {
      f.statuses.push(304);
      return void res.writeHead(304, { etag }).end();
    }
    f.statuses.push(200);
    res.writeHead(200, { "content-type": "application/zip", "content-length": f.body.length, etag });
    if (f.mode === "cut") return void res.write(f.body.subarray(0, f.body.length >> 1), () => res.socket?.destroy());
    res.end(f.body);
  });
  await new Promise<void>((r) => f.server.listen(0, "127.0.0.1", r));
  f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}/gtfs/feed.zip`;
  return f;
}

interface FeedHealth {
  name: string;
  lastCheck?: string;
  lastSuccess?: string;
  versionServed?: string;
  etag?: string;
  rejected?: { message: string };
  lastError?: { message: string; checks: number };
}
interface Health {
  network: { feeds: Array<{ version?: string }> };
  feedRefresh: { intervalSeconds: number; running: boolean; lastImport?: { ok: boolean; seconds: number }; feeds: FeedHealth[] };
  warnings?: string[];
}

const health = async (s: ServeProcess) => (await (await fetch(`${s.origin}/health`)).json()) as Health;

async function until<T>(what: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await what();
    if (got) return got;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 150));
  }
}

const KEY = { "Ocp-Apim-Subscription-Key": "k" };

/** The stops of line 1's direction, by the keys the served network gives them (they never move between versions). */
async function stopsPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/DLKernOpenData/api/v1/lijnen/gtfs/R1`, { headers: KEY });
  const { lijnen } = (await res.json()) as { lijnen: Array<{ entiteitnummer: string; lijnnummer: string }> };
  return `/DLKernOpenData/api/v1/lijnen/${lijnen[0].entiteitnummer}/${lijnen[0].lijnnummer}/lijnrichtingen/HEEN/haltes`;
}

/** Every feed version named in one answer's stop names. */
const versionsIn = (text: string) => new Set([...text.matchAll(/"(?:Noord|Markt|Zuid) (v\d+)"/g)].map((m) => m[1]));

let dir: string;
let feed: FeedServer;
let server: ServeProcess | undefined;
const zips: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lw-feed-refresh-"));
  for (const v of ["v1", "v2", "v3", "v4"]) zips[v] = await zip(feedFiles(v));
  zips.broken = await zip(feedFiles("v9", true));
  feed = await feedServer(zips.v1);
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => {
  feed.server.closeAllConnections();
  feed.server.close();
});

const serveEnv = { FEED_IMPORT_ARGS: "--reference none", VALIDITY_WARNING_DAYS: "7" };

describe("serve --feed --refresh", () => {
  it("feed refresh - imports before serving, then picks up a new version under load in every worker, with no failed request and no answer mixing versions", async () => {
    const snapshot = join(dir, "http.snapshot");
    feed.body = zips.v1;
    server = await startServe(["--network", snapshot, "--workers", "2", "--no-realtime", "--feed", feed.url, "--refresh", "1", "--feed-header", "X-Feed-Key: sesame"], serveEnv);
    const { origin } = server;
    expect(existsSync(snapshot)).toBe(true);
    const path = await stopsPath(origin);
    expect(versionsIn(await (await fetch(`${origin}${path}`, { headers: KEY })).text())).toEqual(new Set(["v1"]));
    const first = await health(server);
    expect(first.feedRefresh).toMatchObject({ intervalSeconds: 1, feeds: [{ name: feed.url.slice("http://".length), versionServed: "v1" }] });

    // Load: 4 clients, bounded in count and time; the feed changes once the load runs.
    const seen = { v1: 0, v2: 0 } as Record<string, number>;
    const failures: string[] = [];
    let requests = 0;
    const deadline = Date.now() + 40_000;
    const client = async () => {
      while (requests < 3000 && Date.now() < deadline && seen.v2 < 200) {
        requests++;
        if (requests === 50) feed.body = zips.v2;
        const res = await fetch(`${origin}${path}`, { headers: KEY });
        const text = await res.text();
        const versions = versionsIn(text);
        if (res.status !== 200 || versions.size !== 1) failures.push(`${res.status} ${[...versions].join("+")} ${text.slice(0, 120)}`);
        for (const v of versions) seen[v] = (seen[v] ?? 0) + 1;
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    expect(failures).toEqual([]);
    expect(seen.v1).toBeGreaterThan(0);
    expect(seen.v2).toBeGreaterThanOrEqual(200);

    const after = await health(server);
    expect(after.network.feeds[0].version).toBe("v2");
    expect(after.feedRefresh.feeds[0]).toMatchObject({ versionServed: "v2" });
    expect(after.feedRefresh.feeds[0].lastError).toBeUndefined();
    expect(after.feedRefresh.lastImport).toMatchObject({ ok: true });
    // The file on disk is the network served; nothing is left beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith("http.snapshot")).sort()).toEqual(["http.snapshot", "http.snapshot.feeds"]);
    // The header went with every request; unchanged checks are answered 304.
    await until(async () => feed.statuses.slice(-2).every((s) => s === 304) && feed.statuses.length > 4);
    expect(new Set(feed.keys)).toEqual(new Set(["sesame"]));
    expect(server.log()).toMatch(/"msg":"feed refresh \(interval\): [^"]+ changed: importing in a separate process"/);
    expect(server.log()).toMatch(/"msg":"reload \(feed refresh \(interval\)\): 2 workers serve the snapshot of/);

    // /metrics (the primary's series): the feed's checks.
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    expect(metrics).toMatch(/lijnwijzer_feed_failed_checks\{feed="[^"]+",worker="primary"\} 0/);
    expect(metrics).toMatch(/lijnwijzer_feed_refresh_import_ok\{worker="primary"\} 1/);
  }, 180_000);

  it("feed refresh - a 5xx, a body cut short, a truncated zip and a feed the import refuses each leave the network in place and show on /health", async () => {
    const snapshot = join(dir, "faults.snapshot");
    feed.body = zips.v3;
    feed.mode = "ok";
    feed.keys.length = 0;
    server = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime", "--feed", feed.url, "--refresh", "1"], serveEnv);
    const s = server;
    const path = await stopsPath(s.origin);
    const served = async () => [...versionsIn(await (await fetch(`${s.origin}${path}`, { headers: KEY })).text())];
    expect(await served()).toEqual(["v3"]);
    const lastCheck = (await health(s)).feedRefresh.feeds[0].lastCheck;
    await until(async () => (await health(s)).feedRefresh.feeds[0].lastCheck !== lastCheck);

    // 5xx: a failed check, counted, in the warnings; the network stays.
    feed.mode = "down";
    const down = await until(async () => {
      const h = await health(s);
      return h.feedRefresh.feeds[0].lastError?.message.includes("HTTP 503") && h;
    });
    expect(down.feedRefresh.feeds[0].lastError!.message).toMatch(/^Feed http:\/\/127\.0\.0\.1:\d+\/gtfs\/feed\.zip cannot be downloaded: HTTP 503 Service Unavailable$/);
    expect(down.warnings?.join("\n")).toMatch(/feed [^:]+:\d+\/gtfs\/feed\.zip: \d+ check\(s\) in a row failed since .*HTTP 503.*the network served stays/);
    expect(await served()).toEqual(["v3"]);

    // A body cut short of its Content-Length (a new version, so no 304): truncated, retried at the next check.
    feed.body = zips.v4;
    feed.mode = "cut";
    await until(async () => (await health(s)).feedRefresh.feeds[0].lastError?.message.includes("truncated"));
    expect(await served()).toEqual(["v3"]);

    // A truncated zip, served whole: the import refuses it, the version is rejected until it changes.
    feed.mode = "ok";
    feed.body = zips.v4.subarray(0, zips.v4.length >> 1);
    const truncated = await until(async () => {
      const h = await health(s);
      return h.feedRefresh.feeds[0].rejected && h;
    });
    expect(truncated.feedRefresh.feeds[0].lastError).toBeUndefined();
    // The import's message names the feed, not the refresh's own copy of it.
    expect(truncated.feedRefresh.feeds[0].rejected!.message).not.toMatch(/\.next\.zip/);
    expect(truncated.feedRefresh.lastImport).toMatchObject({ ok: false });
    expect(truncated.warnings?.join("\n")).toMatch(/its new version was refused at .*the network served stays until the feed changes again/);
    expect(await served()).toEqual(["v3"]);
    // Refused once: afterwards the checks get 304s, no import runs again.
    const imports = (s.log().match(/importing in a separate process/g) ?? []).length;
    await until(async () => feed.statuses.slice(-2).every((x) => x === 304));
    expect((s.log().match(/importing in a separate process/g) ?? []).length).toBe(imports);

    // A feed that fails validation: trips.txt names a route routes.txt lacks.
    feed.body = zips.broken;
    const broken = await until(async () => {
      const h = await health(s);
      return h.feedRefresh.feeds[0].rejected?.message.includes("trips.txt") && h;
    });
    expect(broken.feedRefresh.feeds[0].rejected!.message).toMatch(/trips\.txt line 2: unknown route_id "R9"/);
    expect(await served()).toEqual(["v3"]);
    expect(s.log()).toMatch(/"msg":"feed refresh: the import failed, the network served stays: .*trips\.txt line 2/);

    // A good version after all that is served, and the faults are gone from /health.
    feed.body = zips.v4;
    await until(async () => (await served()).join() === "v4");
    const good = await health(s);
    expect(good.feedRefresh.feeds[0]).toMatchObject({ versionServed: "v4" });
    expect(good.feedRefresh.feeds[0].rejected).toBeUndefined();
    expect(good.warnings).toBeUndefined();
  }, 180_000);

  it("feed refresh - a file feed is checked by its size and modification time; a restart asks with the state kept beside the snapshot", async () => {
    const snapshot = join(dir, "file.snapshot");
    const file = join(dir, "feed.zip");
    writeFileSync(file, zips.v1);
    server = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime", "--feed", file, "--refresh", "1"], serveEnv);
    const s = server;
    expect((await health(s)).feedRefresh.feeds[0]).toMatchObject({ name: file, kind: "file", location: file, versionServed: "v1" });
    const created = statSync(snapshot).mtimeMs;
    // The same bytes, touched: a new signature, imported again (the same network, served again).
    writeFileSync(file, zips.v2);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await health(s)).feedRefresh.feeds[0].versionServed === "v2");
    expect(statSync(snapshot).mtimeMs).toBeGreaterThan(created);
    await server.stop();

    // A restart: the snapshot exists and the file did not change, so nothing is imported.
    server = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime", "--feed", file, "--refresh", "1"], serveEnv);
    const again = server;
    await until(async () => (await health(again)).feedRefresh.feeds[0].lastSuccess !== undefined);
    expect((await health(again)).feedRefresh.feeds[0].versionServed).toBe("v2");
    expect(again.log()).not.toMatch(/importing in a separate process/);
  }, 180_000);

  it("feed refresh - of several feeds that changed, the import's fault is blamed on the feed it names; the others' new versions stay candidates", async () => {
    const snapshot = join(dir, "two.snapshot");
    const [a, b] = [join(dir, "a.zip"), join(dir, "b.zip")];
    writeFileSync(a, zips.v1);
    writeFileSync(b, zips.v1);
    server = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime", "--feed", a, "--feed", b, "--refresh", "1"], serveEnv);
    const s = server;
    expect((await health(s)).feedRefresh.feeds.map((f) => f.versionServed)).toEqual(["v1", "v1"]);
    writeFileSync(a, zips.broken);
    writeFileSync(b, zips.v2);
    const refused = await until(async () => {
      const h = await health(s);
      return h.feedRefresh.feeds[0].rejected && h;
    });
    expect(refused.feedRefresh.feeds[0].rejected!.message).toBe(`feed ${a}: trips.txt line 2: unknown route_id "R9"`);
    expect(refused.feedRefresh.feeds[1].rejected).toBeUndefined();
    expect(refused.feedRefresh.feeds.map((f) => f.versionServed)).toEqual(["v1", "v1"]);
    // Fixed: both new versions are imported together.
    writeFileSync(a, zips.v3);
    await until(async () => (await health(s)).feedRefresh.feeds.map((f) => f.versionServed).join() === "v3,v2");
  }, 120_000);

  it("feed refresh - with no snapshot yet and a feed that cannot be fetched, serve stops with a message naming the feed", async () => {
    const snapshot = join(dir, "never.snapshot");
    feed.mode = "down";
    const err = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime", "--feed", feed.url, "--refresh", "1"], serveEnv).catch((e: Error) => e);
    feed.mode = "ok";
    expect((err as Error).message).toMatch(/serve exited with 1: .*lijnwijzer serve: .*never\.snapshot does not exist and the feeds could not be imported \(no version of 127\.0\.0\.1:\d+\/gtfs\/feed\.zip was fetched yet/s);
    expect(existsSync(snapshot)).toBe(false);
  }, 60_000);
});
