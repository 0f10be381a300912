import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, root, runCli, tempDir } from "./support/run-cli.js";

interface LogLine {
  level: number;
  msg: string;
  validity?: { state: string; today: number; validFrom: number; validTo: number };
}

/** End to end: `lijnwijzer serve` of an expired network warns at startup and after a SIGHUP reload. */
describe("lijnwijzer serve: validity", () => {
  let child: ChildProcess | undefined;
  afterAll(() => void child?.kill("SIGTERM"));

  it("serve - an expired network: one warn log line with the dates after network loaded, and again after SIGHUP", async () => {
    const snapshot = join(tempDir(), "expired.snapshot");
    expect(runCli(["import", fixture("expired"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
    child = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", snapshot, "--port", "0", "--workers", "1"], {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", API_KEYS: "k", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const logs: LogLine[] = [];
    let rest = "";
    child.stdout!.on("data", (d: Buffer) => {
      const parts = (rest + d.toString()).split("\n");
      rest = parts.pop()!;
      for (const p of parts) if (p.startsWith("{")) logs.push(JSON.parse(p) as LogLine);
    });
    const until = async (ok: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!ok()) {
        if (child!.exitCode !== null) throw new Error(`serve exited with ${child!.exitCode}`);
        if (Date.now() > deadline) throw new Error(`timed out; log: ${logs.map((l) => l.msg).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const warnings = () => logs.filter((l) => l.validity);
    await until(() => warnings().length === 1);
    const messages = logs.map((l) => l.msg);
    expect(messages.indexOf("network loaded")).toBeGreaterThan(messages.findIndex((m) => m.startsWith("Server listening at")));
    const warning = warnings()[0];
    expect(messages.indexOf(warning.msg)).toBe(messages.indexOf("network loaded") + 1);
    expect(warning.level).toBe(40);
    expect(warning.validity).toMatchObject({ state: "expired", validFrom: 20200106, validTo: 20200612 });
    expect(warning.msg).toMatch(/^the network expired: its last service day was 2020-06-12 and today is \d{4}-\d{2}-\d{2}; .*2020-01-06 \.\. 2020-06-12/);

    child.kill("SIGHUP");
    await until(() => warnings().length === 2);
    const after = logs.map((l) => l.msg);
    expect(after.lastIndexOf(warning.msg)).toBe(after.indexOf("network reloaded") + 1);
  });
});
