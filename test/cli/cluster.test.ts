import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { type MisbehavingServer, startMisbehavingServer } from "../realtime/support/misbehaving-server.js";
import { freePort, runCli } from "./support/run-cli.js";
import { type ServeProcess, startServe } from "./support/serve-process.js";

/**
 * `--workers N` (docs/OPERATIONS.md "Workers"): the primary forks the workers, forks again one that exits, merges their metrics, and
 * stops the start (saying why once) when a worker cannot start.
 */

let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The pids of the workers, from their log lines (the primary's carry role "primary"). */
function workerPids(log: string): number[] {
  const pids = new Set<number>();
  for (const line of log.split("\n")) {
    if (!line.includes('"msg":"network loaded"')) continue;
    pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return [...pids];
}

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until(what: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("lijnwijzer serve --workers 2", () => {
  it("cluster - two workers serve; /metrics merges both (worker label) and the primary's; a killed worker is forked again in its slot; SIGHUP to a worker alone is ignored", async () => {
    server = await startServe(["--workers", "2", "--no-realtime"]);
    const { origin } = server;
    await until(() => workerPids(server!.log()).length === 2);
    const [first, second] = workerPids(server.log());
    for (let i = 0; i < 20; i++) expect((await fetch(`${origin}/DLKernOpenData/api/v1/lijnen/3/302`, { headers: { "Ocp-Apim-Subscription-Key": "k" } })).status).toBe(200);
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    expect(sample(metrics, 'lijnwijzer_cluster_workers{worker="primary"}')).toBe(2);
    expect(sample(metrics, 'lijnwijzer_cluster_worker_restarts_total{worker="primary"}')).toBe(0);
    const route = "/DLKernOpenData/api/v1/lijnen/:entiteitnummer/:lijnnummer";
    const perWorker = ["0", "1"].map((w) => sample(metrics, `lijnwijzer_http_requests_total{route="${route}",method="GET",status="200",worker="${w}"}`) ?? 0);
    expect(perWorker[0] + perWorker[1]).toBe(20);
    for (const w of ["0", "1"]) expect(sample(metrics, `process_resident_memory_bytes{worker="${w}"}`)).toBeGreaterThan(10_000_000);

    process.kill(second, "SIGHUP");
    await until(() => server!.log().includes(`SIGHUP to worker`) && server!.log().includes("alone is ignored"));

    process.kill(first, "SIGKILL");
    await until(() => workerPids(server!.log()).length === 3);
    await until(async () => {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return sample(text, 'lijnwijzer_cluster_workers{worker="primary"}') === 2 && sample(text, 'lijnwijzer_cluster_worker_restarts_total{worker="primary"}') === 1;
    });
    expect(server.log()).toMatch(/"role":"primary".*"msg":"worker \d \(pid \d+\) exited \(SIGKILL\): forking it again"/);
    expect((await fetch(`${origin}/DLKernOpenData/api/v1/lijnen/3/302`, { headers: { "Ocp-Apim-Subscription-Key": "k" } })).status).toBe(200);
  });

  it("cluster - the primary polls a real-time feed for both workers: one request per interval at the source, both workers serve its message", async () => {
    const message = { header: { gtfsRealtimeVersion: "2.0", timestamp: Math.floor(Date.now() / 1000) }, entity: [] };
    const feed: MisbehavingServer = await startMisbehavingServer({ kind: "serve", bytes: encodeFeedMessage(message) });
    try {
      server = await startServe(["--workers", "2", "--realtime", feed.url], { REALTIME_INTERVAL_SECONDS: "1" });
      await until(() => workerPids(server!.log()).length === 2);
      await until(() => server!.log().includes("realtime: the primary polls 1 feed(s) for every worker"));
      const from = feed.requests.length;
      await new Promise((r) => setTimeout(r, 4_000));
      const polls = feed.requests.length - from;
      // One poller: about one request a second (a worker each would make two).
      expect(polls).toBeGreaterThanOrEqual(2);
      expect(polls).toBeLessThanOrEqual(5);
      // Every worker serves the relayed message: ask until both have answered /health.
      const seen = new Map<number, boolean>();
      await until(async () => {
        const res = await fetch(`${server!.origin}/health`, { headers: { connection: "close" } });
        const body = (await res.json()) as { realtime?: { feeds: Array<{ serving: boolean }> } };
        seen.set(seen.size, body.realtime?.feeds[0]?.serving === true);
        return seen.size >= 6;
      });
      expect([...seen.values()].every(Boolean)).toBe(true);
    } finally {
      await server?.stop();
      server = undefined;
      await feed.close();
    }
  });

  it("cluster - a snapshot that cannot be loaded stops the start: the primary says so once, exit 1", () => {
    const r = runCli(["serve", "--workers", "2", "--network", "/nonexistent/x.snapshot", "--port", "0"]);
    expect(r.code).toBe(1);
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("lijnwijzer serve:"));
    expect(lines).toEqual(["lijnwijzer serve: snapshot /nonexistent/x.snapshot does not exist: make one with `lijnwijzer import <feed.zip|folder>... --out /nonexistent/x.snapshot`"]);
  });

  it("cluster - a port in use stops the start with the usual message, once, exit 1", async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      const r = runCli(["serve", "--workers", "2", "--port", String(port), "--no-realtime"]);
      expect(r.code).toBe(1);
      expect(r.stderr.split("\n").filter((l) => l.startsWith("lijnwijzer serve:"))).toEqual([
        `lijnwijzer serve: port ${port} is in use (another program listens on 127.0.0.1:${port}): choose another with --port <n> or PORT=<n>`,
      ]);
    } finally {
      taken.close();
    }
  });

  it("cluster - KEYS_FILE with the memory quota store is refused with several workers: each would count apart", () => {
    const keysFile = join(mkdtempSync(join(tmpdir(), "lw-cluster-")), "keys.json");
    expect(runCli(["keys", "add", "--label", "test"], { KEYS_FILE: keysFile }).code).toBe(0);
    const r = runCli(["serve", "--workers", "2", "--port", "0"], { KEYS_FILE: keysFile });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lijnwijzer serve: KEYS_FILE with QUOTA_STORE=memory counts each worker's calls apart: with 2 workers a key could make 2 times its limit; set QUOTA_STORE=redis and REDIS_URL, or run one worker \(--workers 1\)\n/);
  });
});
