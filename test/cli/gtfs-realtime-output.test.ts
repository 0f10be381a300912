/**
 * End to end, as a user runs it: `lijnwijzer start` ingests the built-in simulator and serves what it holds at
 * /gtfs/v3/realtime; `lijnwijzer realtime` reads that URL back and matches every entity of it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { decodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { freePort, type CliRun, root } from "./support/run-cli.js";

function run(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, ["bin/lijnwijzer.js", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return { child, done: new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr }))) };
}

let server: ChildProcess | undefined;
let origin: string;
let snapshot: string;

beforeAll(async () => {
  snapshot = await ensureDemoSnapshot({ quiet: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = run(["start"], { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", API_KEYS: "e2e" }).child;
  // Serving once /health says the simulator's feed is in.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`start exited with ${server.exitCode}`);
    try {
      const health = (await (await fetch(`${origin}/health`)).json()) as { realtime?: { feeds: Array<{ serving: boolean }> } };
      if (health.realtime?.feeds.every((f) => f.serving)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("start did not serve the simulator within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}, 90_000);
afterAll(() => void server?.kill("SIGTERM"));

describe("GTFS-RT output end to end", () => {
  it("start - /gtfs/v3/realtime serves the simulator's state as protobuf, behind the key", async () => {
    const res = await fetch(`${origin}/gtfs/v3/realtime`, { headers: { "Ocp-Apim-Subscription-Key": "e2e" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-protobuf");
    const message = decodeFeedMessage(new Uint8Array(await res.arrayBuffer()));
    // The state the simulator's last feed made (every 30 s); at 3 in the night it may hold no trip.
    expect(Math.abs(message.header.timestamp! * 1000 - Date.now())).toBeLessThan(5 * 60_000);
    expect(message.entity.every((e) => e.tripUpdate || e.vehicle || e.alert)).toBe(true);
    expect((await fetch(`${origin}/gtfs/v3/realtime`)).status).toBe(401);
  });

  it("realtime - lijnwijzer's own output, read back from the URL, matches every entity", async () => {
    const { done } = run(["realtime", snapshot, `${origin}/gtfs/v3/realtime`, "--header", "Ocp-Apim-Subscription-Key: e2e"]);
    const r = await done;
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const entities = Number(/entities: (\d+)/.exec(r.stdout)![1]);
    expect(r.stdout).toContain(`matched: ${entities}\nunmatched: 0\n`);
  });
});
