/**
 * End to end: two replicas (`lijnwijzer serve`, compiled CLI in dist/) with REALTIME_SHARE=redis and one real
 * redis-server poll a feed server that counts its requests: the source sees one poller; when it dies, the other
 * replica takes over.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { NO_REDIS, startRedis, type TestRedis } from "../api/quota/support/quota-fixtures.js";
import { freePort, root } from "../cli/support/run-cli.js";

const LEASE_SECONDS = 2;
const INTERVAL_SECONDS = 1;
const POLLS = "realtime: this replica holds the lease and polls the feeds for the deployment";

let redis: TestRedis;
let feed: Server;
let feedUrl: string;
const requests: number[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (NO_REDIS) return;
  redis = await startRedis();
  feed = createServer((_req, res) => {
    requests.push(Date.now());
    res.end(encodeFeedMessage({ header: { gtfsRealtimeVersion: "2.0", timestamp: Math.floor(Date.now() / 1000) }, entity: [] }));
  });
  await new Promise<void>((r) => feed.listen(0, "127.0.0.1", () => r()));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rt.pb`;
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  if (NO_REDIS) return;
  feed.close();
  await redis.kill();
});

async function replica(snapshot: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    REALTIME_SHARE: "redis",
    REDIS_URL: redis.url,
    REALTIME_SHARE_LEASE_SECONDS: String(LEASE_SECONDS),
    REALTIME_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
  };
  delete env.REALTIME_FEEDS;
  let log = "";
  const proc = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", snapshot, "--workers", "1", "--realtime", feedUrl], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(proc);
  proc.stdout!.on("data", (d) => (log += d));
  proc.stderr!.on("data", (d) => (log += d));
  const serving = async () => {
    const h = await fetch(`http://127.0.0.1:${port}/health`).then((r) => (r.ok ? r.json() : undefined), () => undefined);
    return (h as { realtime?: { feeds: { serving: boolean }[] } } | undefined)?.realtime?.feeds[0]?.serving === true;
  };
  return { proc, log: () => log, serving };
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(NO_REDIS)("serve with REALTIME_SHARE=redis", () => {
  it("serve - two replicas make one request per interval, both serve the feed, and the other takes over when the poller is killed", async () => {
    const snapshot = await ensureDemoSnapshot({ quiet: true });
    const a = await replica(snapshot);
    const b = await replica(snapshot);
    await until(async () => (await a.serving()) && (await b.serving()), 60_000, "both replicas serve the feed").catch((e: Error) => {
      throw new Error(`${e.message}\nreplica A: ${a.log().slice(-2000)}\nreplica B: ${b.log().slice(-2000)}`);
    });
    expect([a.log().includes(POLLS), b.log().includes(POLLS)].filter(Boolean)).toHaveLength(1);

    const from = requests.length;
    await new Promise((r) => setTimeout(r, 5 * INTERVAL_SECONDS * 1000));
    // One poller: a poll starts an interval after the previous one ended, so at most one per interval.
    expect(requests.length - from).toBeGreaterThanOrEqual(3);
    expect(requests.length - from).toBeLessThanOrEqual(6);

    const [poller, other] = a.log().includes(POLLS) ? [a, b] : [b, a];
    poller.proc.kill("SIGKILL");
    const killedAt = requests.length;
    await until(() => other.log().includes(POLLS), (LEASE_SECONDS + INTERVAL_SECONDS) * 1000 + 2000, "the other replica takes over");
    await until(() => requests.length > killedAt, 2 * INTERVAL_SECONDS * 1000 + 1000, "the source is polled again");
    expect(await other.serving()).toBe(true);
  }, 120_000);
});
