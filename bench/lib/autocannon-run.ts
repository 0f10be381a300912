import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export interface AutocannonResult {
  requestsPerSecond: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

/**
 * autocannon against `url` in its own process (in the server's process it would take half of the event loop and
 * halve the figure), with the bench's subscription key; its JSON summary, reduced to what the benches report.
 */
export async function autocannonRun(url: string, duration: number, connections: number): Promise<AutocannonResult> {
  const cli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
  const args = [cli, "--json", "-d", String(duration), "-c", String(connections), "-H", "Ocp-Apim-Subscription-Key=bench", url];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (text += c));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const r = JSON.parse(out.trim().split("\n").pop()!) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: Math.round(r.requests.average),
    requests: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    bytesPerResponse: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
