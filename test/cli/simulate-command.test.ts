import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { decodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { root, runCli, tempDir } from "./support/run-cli.js";

/** Tuesday 2026-11-24 08:00 in Brussels, the demo's morning peak. */
const AT = "2026-11-24T08:00";
const AT_S = Date.UTC(2026, 10, 24, 7) / 1000;

let snapshot: string;
beforeAll(async () => {
  snapshot = await ensureDemoSnapshot({ quiet: true });
});

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
  child = undefined;
});

/** Starts `lijnwijzer <args>` in the background; resolves with its first line of stdout. */
function startCli(args: string[]): Promise<string> {
  child = spawn(process.execPath, ["bin/lijnwijzer.js", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr!.setEncoding("utf8").on("data", (c: string) => (err += c));
  return new Promise((resolve, reject) => {
    let out = "";
    child!.stdout!.setEncoding("utf8").on("data", (c: string) => {
      out += c;
      if (out.includes("\n")) resolve(out);
    });
    child!.on("exit", (code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
}

async function until(ok: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("lijnwijzer simulate", () => {
  it("simulate --out - writes one GTFS-Realtime feed of the network at --at, and says what it holds", () => {
    const dir = tempDir();
    const out = join(dir, "demo.pb");
    const r = runCli(["simulate", snapshot, "--out", out, "--at", AT]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const message = decodeFeedMessage(readFileSync(out));
    expect(message.header.timestamp! - AT_S).toBeGreaterThanOrEqual(0);
    expect(message.header.timestamp! - AT_S).toBeLessThan(30);
    const trips = message.entity.filter((e) => e.tripUpdate).length;
    const vehicles = message.entity.filter((e) => e.vehicle).length;
    expect(trips).toBeGreaterThan(500);
    expect(r.stdout).toMatch(new RegExp(`^wrote ${out}: ${trips} trip updates \\(\\d+ cancelled\\), ${vehicles} vehicle positions, \\d+ alerts, ${statSync(out).size} bytes\\n$`));
    // Written beside the target under another name, then renamed: nothing else is left.
    expect(readdirSync(dir)).toEqual(["demo.pb"]);
  });

  it("simulate --out --interval - writes the feed again every interval, the clock running on from --at", async () => {
    const out = join(tempDir(), "live.pb");
    const first = await startCli(["simulate", snapshot, "--out", out, "--interval", "0.5", "--at", AT]);
    expect(first).toMatch(/^wrote /);
    const t0 = decodeFeedMessage(readFileSync(out)).header.timestamp!;
    await until(() => decodeFeedMessage(readFileSync(out)).header.timestamp! > t0);
  });

  it("simulate --port - serves a fresh feed on every GET, protobuf or json=true", async () => {
    const line = await startCli(["simulate", snapshot, "--port", "0", "--at", AT]);
    const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)![1];
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-protobuf");
    const message = decodeFeedMessage(new Uint8Array(await res.arrayBuffer()));
    expect(message.entity.filter((e) => e.tripUpdate).length).toBeGreaterThan(500);
    const json = (await (await fetch(`${url}?json=true`)).json()) as { header: { incrementality: string } };
    expect(json.header.incrementality).toBe("FULL_DATASET");
  });

  it("simulate - a wrong use is said in one line pointing to the help, exit code 2", () => {
    const cases: Array<[string[], RegExp]> = [
      [["simulate", snapshot], /either --out <file> or --port <n>/],
      [["simulate", snapshot, "--out", "x.pb", "--port", "1"], /either --out <file> or --port <n>/],
      [["simulate", snapshot, "--port", "1", "--interval", "5"], /--interval goes with --out/],
      [["simulate", snapshot, "--out", "x.pb", "--interval", "0"], /--interval "0" must be a positive number of seconds/],
      [["simulate", snapshot, "--out", "x.pb", "--at", "8:00"], /--at "8:00" is no local time: give yyyy-MM-ddTHH:mm/],
      [["simulate", "--out", "x.pb"], /takes one snapshot file/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/^lijnwijzer simulate: .*: see lijnwijzer simulate --help\n$/);
    }
  });

  it("simulate - a missing snapshot says how to make one", () => {
    const r = runCli(["simulate", "nowhere.snapshot", "--out", join(tempDir(), "x.pb")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lijnwijzer simulate: snapshot nowhere.snapshot does not exist: make one with `lijnwijzer import/);
  });
});
