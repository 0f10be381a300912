import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./support/run-cli.js";

/** End to end: what a user runs. `lijnwijzer start` (npm start) serves the demo network. */
const root = fileURLToPath(new URL("../..", import.meta.url));

async function waitFor(url: string, child: ChildProcess, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > until) throw new Error(`no answer from ${url}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe("lijnwijzer start", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("start - serves the demo network: /health without a key, an endpoint with the demo key", async () => {
    const port = await freePort();
    let log = "";
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1" };
    delete env.API_KEYS;
    delete env.API_KEYS_FILE;
    child = spawn(process.execPath, ["bin/lijnwijzer.js", "start"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (log += d));
    child.stderr!.on("data", (d) => (log += d));
    const health = await waitFor(`http://127.0.0.1:${port}/health`, child, 60_000);
    expect(health.status).toBe(200);
    const body = (await health.json()) as Record<string, unknown>;
    expect(JSON.stringify(body)).toContain("Europe/Brussels");
    const line = await fetch(`http://127.0.0.1:${port}/DLKernOpenData/api/v1/lijnen/3/302`, {
      headers: { "Ocp-Apim-Subscription-Key": "demo" },
    });
    expect(line.status).toBe(200);
    expect(((await line.json()) as { lijnnummerPubliek: string }).lijnnummerPubliek).toBe("2");
    const noKey = await fetch(`http://127.0.0.1:${port}/DLKernOpenData/api/v1/lijnen/3/302`);
    expect(noKey.status).toBe(401);
    expect(log).toMatch(/demo/);
  });
});
