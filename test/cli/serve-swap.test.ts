import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { adminReload, brokenSnapshots, importSampleFeed, replaceFile, type ServeProcess, startServe } from "./support/serve-process.js";
import { readFileSync } from "node:fs";

/**
 * Hot swap (docs/OPERATIONS.md "Replacing the network without downtime"): under load, a new snapshot replaces the served one with zero failed requests and no answer
 * mixing two snapshots, in one process and with two workers; a file that is no snapshot, truncated, of another
 * format version or with a damaged column is refused over HTTP while requests run, and the old network stays.
 *
 * Two networks take turns: the demo network (A) and node_modules/sample-gtfs-feed (B). Every answer under load must
 * be exactly A's answer to that URL or exactly B's, recorded before the load; the real-time route (which changes
 * with time) must be 200 or 404.
 */

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const stop = line2.passages[1].stopId;
const URLS = [
  `/DLKernOpenData/api/v1/lijnen/${line2.entity}/${line2.lijnnummer}`,
  "/DLKernOpenData/api/v1/entiteiten",
  `/DLKernOpenData/v1/beta/haltes/${line2.entity}_${stop}_${line2.entity}_${line2.passages[2].stopId}/dienstregelingen?datum=${line2.runsOn[0]}`,
  "/DLZoekOpenData/v1/zoek/haltes/leuven?maxAantalHits=3",
  "/health",
];
const REALTIME_URL = `/DLKernOpenData/api/v1/haltes/${line2.entity}/${stop}/real-time`;
const KEY = { "Ocp-Apim-Subscription-Key": "k" };

/** An answer as compared: status and body; /health only by the network it names (its ages move). */
async function answer(origin: string, url: string): Promise<string> {
  const res = await fetch(`${origin}${url}`, { headers: KEY });
  const text = await res.text();
  if (url === "/health") {
    const { network } = JSON.parse(text) as { network: { counts: { stops: number }; timezone: string; createdAt: string } };
    return `${res.status} ${network.counts.stops} ${network.timezone} ${network.createdAt}`;
  }
  return `${res.status} ${text}`;
}

interface Load {
  stop(): Promise<{ requests: number; failures: string[]; seen: { A: number; B: number } }>;
}

/** `clients` loops asking URLS (and the real-time route) in turn until stopped. */
function load(origin: string, expected: { A: Map<string, string>; B: Map<string, string> }, clients: number): Load {
  let running = true;
  let requests = 0;
  const failures: string[] = [];
  const seen = { A: 0, B: 0 };
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = c; running; i++) {
      const url = i % (URLS.length + 1) === URLS.length ? REALTIME_URL : URLS[i % (URLS.length + 1)];
      requests++;
      try {
        if (url === REALTIME_URL) {
          const res = await fetch(`${origin}${url}`, { headers: KEY });
          await res.arrayBuffer();
          if (res.status !== 200 && res.status !== 404) failures.push(`${url}: ${res.status}`);
          continue;
        }
        const got = await answer(origin, url);
        if (got === expected.A.get(url)) seen.A++;
        else if (got === expected.B.get(url)) seen.B++;
        else failures.push(`${url}: neither A's nor B's answer: ${got.slice(0, 300)}`);
      } catch (err) {
        failures.push(`${url}: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? "")}`);
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests, failures, seen };
    },
  };
}

let dir: string;
let snapshotA: string;
let snapshotB: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lw-swap-"));
  snapshotA = join(dir, "a.snapshot");
  copyFileSync(await ensureDemoSnapshot({ quiet: true }), snapshotA);
  snapshotB = join(dir, "b.snapshot");
  await importSampleFeed(snapshotB);
}, 120_000);

describe.each([1, 2])("hot swap with --workers %i", (workers) => {
  let server: ServeProcess | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it(`swap - under load, A -> B -> A -> B -> A with broken files refused between: no request fails, every answer is wholly A's or B's (workers ${workers})`, async () => {
    const served = join(dir, `served-${workers}.snapshot`);
    copyFileSync(snapshotA, served);
    server = await startServe(["--network", served, "--workers", String(workers)], { REALTIME_FEEDS: "simulator" });
    const { origin, adminPort } = server;

    // The answers of each network, asked while nothing else runs.
    const expected = { A: new Map<string, string>(), B: new Map<string, string>() };
    for (const url of URLS) expected.A.set(url, await answer(origin, url));
    replaceFile(served, readFileSync(snapshotB));
    expect((await adminReload(adminPort)).body).toMatchObject({ ok: true, workers, snapshot: { stops: 6 } });
    for (const url of URLS) expected.B.set(url, await answer(origin, url));
    for (const url of URLS) expect(expected.B.get(url), url).not.toBe(expected.A.get(url));
    expect(expected.A.get(URLS[0])).toMatch(/^200 /);
    expect(expected.B.get(URLS[0])).toMatch(/^404 /);

    const broken = brokenSnapshots(snapshotA);
    const steps: Array<[what: string, bytes: Buffer, ok: boolean, message?: RegExp]> = [
      ["A", readFileSync(snapshotA), true],
      ["no snapshot", broken.garbage, false, /does not start with the snapshot magic bytes/],
      ["B", readFileSync(snapshotB), true],
      ["truncated", broken.truncated, false, /truncated/],
      ["A", readFileSync(snapshotA), true],
      ["another format version", broken.wrongVersion, false, /has format version 99/],
      ["B", readFileSync(snapshotB), true],
      ["a damaged column", broken.damagedColumn, false, /column patterns\.stopStart is damaged \(its checksum does not match\)/],
      ["A", readFileSync(snapshotA), true],
    ];
    const running = load(origin, expected, 6);
    const outcomes: string[] = [];
    for (const [what, bytes, ok, message] of steps) {
      await new Promise((r) => setTimeout(r, 300));
      replaceFile(served, bytes);
      const { status, body } = await adminReload(adminPort);
      outcomes.push(`${what}: ${status} ${body.ok}`);
      expect(body.ok, `${what}: ${JSON.stringify(body)}`).toBe(ok);
      expect(body.workers).toBe(workers);
      if (message) expect(body.message).toMatch(message);
    }
    await new Promise((r) => setTimeout(r, 300));
    const { requests, failures, seen } = await running.stop();
    expect(failures).toEqual([]);
    expect(outcomes).toEqual(steps.map(([what, , ok]) => `${what}: ${ok ? 200 : 422} ${ok}`));
    expect(seen.A).toBeGreaterThan(0);
    expect(seen.B).toBeGreaterThan(0);
    expect(requests).toBeGreaterThan(50);
    // The last good snapshot, A, is served; each worker counted its swaps and refusals.
    expect(await answer(origin, URLS[0])).toBe(expected.A.get(URLS[0]));
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    for (let w = 0; w < workers; w++) {
      const label = workers > 1 ? `,worker="${w}"` : "";
      expect(metrics).toContain(`lijnwijzer_snapshot_reloads_total{result="swapped"${label}} 6`);
      expect(metrics).toContain(`lijnwijzer_snapshot_reloads_total{result="refused"${label}} 4`);
    }
  });
});
