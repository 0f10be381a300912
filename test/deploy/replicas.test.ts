/**
 * Replicas behind nginx with Redis (docs/OPERATIONS.md "Replicas behind nginx with Redis"), end to end: three replicas of the real command on loopback ports,
 * sharing a redis-server of the test's own (no persistence) for the quotas of a keys file, behind nginx running
 * the shipped deploy/nginx/lijnwijzer.conf (replica-processes.ts). Every request goes through nginx, as a
 * client's would; each replica's own /metrics (asked directly) says which requests reached it.
 *
 * - quotas are exact across replicas: N concurrent calls of a key whose product allows L per minute get exactly
 *   L answers 200, whose remaining counts are L-1 down to 0 once each, and N-L answers 429;
 * - a replica SIGKILLed under load fails no request: nginx retries what it could not get from it elsewhere;
 * - a replica started again on its port gets requests again, and counts in the same Redis;
 * - what nginx answers itself keeps the API's shape: a request it cannot parse, a URL too long, no replica left.
 * Skipped, with a message, when nginx or redis-server is not installed (.ci/run installs both).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keysFileWith, NO_REDIS, startRedis, type TestRedis } from "../api/quota/support/quota-fixtures.js";
import { freePort } from "../cli/support/run-cli.js";
import { metricValue, NGINX, type Nginx, rawRequest, type Replica, safeRead, startNginx, startReplica, stopAll } from "./support/replica-processes.js";

const NO_NGINX = existsSync(NGINX) ? undefined : `${NGINX} is missing (Debian: apt-get install nginx; .ci/run installs it)`;
const SKIP = NO_REDIS ?? NO_NGINX;
if (SKIP) console.warn(`test/deploy/replicas.test.ts skipped: ${SKIP}`);

const V1 = "/DLKernOpenData/api/v1";
/** The per-minute limit of the small product, and the calls made at once against it. */
const LIMIT = 25;
const CALLS = 60;
const SMALL_KEY = "replicas-small-key";
const LOAD_KEY = "replicas-load-key";

const REQUESTS_TOTAL = "lijnwijzer_http_requests_total";
const LINE_ROUTE = `${V1}/lijnen/:entiteitnummer/:lijnnummer`;
const MUNICIPALITY_ROUTE = `${V1}/gemeenten/:gemeenteNummer`;

/** Distinct free loopback ports. */
async function freePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

/** Waits, if needed, until the current UTC minute has at least 10 s left: the burst must fall in one quota window. */
async function awayFromMinuteEnd(): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinuteMs + 200));
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(url: string, key: string): Promise<Answer> {
  const res = await fetch(url, { headers: { "Ocp-Apim-Subscription-Key": key }, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
}

describe.skipIf(SKIP)("replicas behind nginx with Redis", () => {
  let dir: string;
  let redis: TestRedis | undefined;
  let replicaPorts: number[];
  const replicas: Replica[] = [];
  let nginx: Nginx | undefined;
  let replicaEnv: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lw-replicas-"));
    redis = await startRedis();
    const keysFile = keysFileWith(
      { small: { perMinute: LIMIT, perDay: 1000 }, load: { perMinute: 1_000_000, perDay: 10_000_000 } },
      { [SMALL_KEY]: { product: "small" }, [LOAD_KEY]: { product: "load" } },
      join(dir, "keys.json"),
    );
    // closed: a replica that could not reach Redis would answer 503, never count on its own and pass the test
    replicaEnv = { KEYS_FILE: keysFile, QUOTA_STORE: "redis", REDIS_URL: redis.url, QUOTA_REDIS_FAILURE: "closed", QUOTA_REDIS_TIMEOUT_MS: "2000", TRUST_PROXY: "true" };
    const [listenPort, ...ports] = await freePorts(4);
    replicaPorts = ports;
    replicas.push(...(await Promise.all(replicaPorts.map((port) => startReplica(port, replicaEnv)))));
    nginx = await startNginx(dir, listenPort, replicaPorts);
  }, 120_000);

  afterAll(async () => {
    // Every process started, also those of a beforeAll that failed half-way.
    await stopAll();
    await redis?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("quotas - exact across replicas: 60 concurrent calls against 25 a minute are 25 answers 200 (remaining 24 to 0 once each) and 35 answers 429, granted by several replicas", async () => {
    await awayFromMinuteEnd();
    const url = `${nginx!.origin}${V1}/gemeenten/24062`;
    const answers = await Promise.all(Array.from({ length: CALLS }, () => call(url, SMALL_KEY)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CALLS - LIMIT);
    // Each of the grants saw its own count: Redis counted them one after the other, whatever replica asked.
    const remaining = answers.filter((a) => a.status === 200).map((a) => Number(a.headers.get("x-ratelimit-remaining-minute")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_v, i) => i));
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Object.keys(refused.body as object)).toEqual(["statusCode", "message"]);
      expect((refused.body as { statusCode: number }).statusCode).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("x-ratelimit-remaining-minute")).toBe("0");
    }
    // Each replica's own counts add up to the same figures. nginx spread the calls (round robin: 20 each), so no
    // replica saw as many as the limit: several granted some, all refused some.
    const perReplica = await Promise.all(
      replicas.map(async (r) => ({
        ok: await metricValue(r.port, REQUESTS_TOTAL, { route: MUNICIPALITY_ROUTE, status: "200" }),
        refused: await metricValue(r.port, "lijnwijzer_quota_rejections_total", { window: "minute", product: "small" }),
      })),
    );
    expect(perReplica.reduce((n, r) => n + r.ok, 0)).toBe(LIMIT);
    expect(perReplica.reduce((n, r) => n + r.refused, 0)).toBe(CALLS - LIMIT);
    expect(perReplica.map((r) => r.ok + r.refused).every((n) => n > 0 && n < LIMIT)).toBe(true);
    expect(perReplica.filter((r) => r.ok > 0).length).toBeGreaterThanOrEqual(2);
  });

  it("kill - a replica SIGKILLed under load: 400 requests through nginx, not one failed (nginx retried on the others)", async () => {
    const victim = replicas[1];
    const url = `${nginx!.origin}${V1}/lijnen/3/302`;
    const TOTAL = 400;
    const CONCURRENCY = 8;
    const KILL_AFTER = 100;
    const failures: string[] = [];
    let next = 0;
    let done = 0;
    let servedBeforeKill = -1;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (next < TOTAL) {
        next++;
        try {
          const a = await call(url, LOAD_KEY);
          if (a.status !== 200) failures.push(`${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
        } catch (err) {
          failures.push(String(err));
        }
        done++;
        if (done === KILL_AFTER) {
          killed = (async () => {
            servedBeforeKill = await metricValue(victim.port, REQUESTS_TOTAL, { route: LINE_ROUTE, status: "200" });
            await victim.stop("SIGKILL");
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    expect(failures).toEqual([]);
    expect(done).toBe(TOTAL);
    expect(victim.alive()).toBe(false);
    // The victim took its share before it died, and nginx saw it fail and went elsewhere.
    expect(servedBeforeKill).toBeGreaterThan(0);
    const errorLog = safeRead(nginx!.errorLog);
    expect(errorLog).toContain(`127.0.0.1:${victim.port}`);
    const retried = safeRead(nginx!.accessLog)
      .split("\n")
      .filter((line) => line.includes(`upstream=127.0.0.1:${victim.port}, 127.0.0.1:`));
    expect(retried.length).toBeGreaterThan(0);
  });

  it("rejoin - a replica started again on its port gets requests through nginx again", async () => {
    const index = 1;
    const old = replicas[index];
    if (old.alive()) await old.stop("SIGKILL");
    const again = await startReplica(old.port, replicaEnv);
    replicas[index] = again;
    const url = `${nginx!.origin}${V1}/lijnen/3/302`;
    const statuses = new Map<number, number>();
    let reached = 0;
    // nginx leaves a failed replica out for fail_timeout (5 s in the shipped file), then tries it again.
    const until = Date.now() + 30_000;
    while (reached === 0 && Date.now() < until) {
      const batch = await Promise.all(Array.from({ length: 6 }, () => call(url, LOAD_KEY)));
      for (const a of batch) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      reached = await metricValue(again.port, REQUESTS_TOTAL, { route: LINE_ROUTE, status: "200" });
      if (reached === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(reached).toBeGreaterThan(0);
    expect([...statuses.keys()]).toEqual([200]);
    // It counts in the same Redis as the others, not afresh: one call at another replica, then one at it.
    const remainingDay = async (port: number) => Number((await call(`http://127.0.0.1:${port}${V1}/lijnen/3/302`, LOAD_KEY)).headers.get("x-ratelimit-remaining-day"));
    const atOther = await remainingDay(replicas[0].port);
    expect(atOther).toBeLessThan(10_000_000 - 400);
    expect(await remainingDay(again.port)).toBe(atOther - 1);
  });
  it("nginx's own answers - what nginx refuses is JSON {statusCode, message} too; a long URL reaches lijnwijzer", async () => {
    const port = Number(new URL(nginx!.origin).port);
    const line = `${V1}/lijnen/3/302`;
    const cases: Array<[what: string, request: string, status: number]> = [
      ["a raw space in the path", `GET ${line} x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, 400],
      ["a control character in the path", `GET ${line}\x01 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, 400],
      ["bad percent-encoding", `GET ${V1}/lijnen/%ZZ/302 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, 400],
      ["no request line", "HELLO\r\n\r\n", 400],
      ["a 40 KB URL (over nginx's 32 KB)", `GET ${line}?x=${"9".repeat(40_000)} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, 414],
      ["a 40 KB header", `GET ${line} HTTP/1.1\r\nHost: a\r\nConnection: close\r\nX-A: ${"y".repeat(40_000)}\r\n\r\n`, 431],
      // under nginx's 32 KB, over Node's 16 KB: lijnwijzer's own answer, passed on
      ["a 20 KB URL", `GET ${line}?x=${"9".repeat(20_000)} HTTP/1.1\r\nHost: a\r\nConnection: close\r\nOcp-Apim-Subscription-Key: ${LOAD_KEY}\r\n\r\n`, 431],
    ];
    for (const [what, request, status] of cases) {
      const answer = await rawRequest(port, request);
      expect({ what, status: answer.status, type: answer.type }).toEqual({ what, status, type: expect.stringMatching(/^application\/json/) });
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["statusCode", "message"]);
      expect(body.statusCode).toBe(status);
    }
  });

  it("no replica left - nginx answers 502 JSON {statusCode, message} with Retry-After", async () => {
    await Promise.all(replicas.map((r) => r.stop("SIGKILL")));
    const a = await call(`${nginx!.origin}${V1}/lijnen/3/302`, LOAD_KEY);
    expect(a.status).toBe(502);
    expect(a.body).toEqual({ statusCode: 502, message: expect.stringContaining("try again") });
    expect(a.headers.get("retry-after")).toBe("5");
  });
});
