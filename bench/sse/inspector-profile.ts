/**
 * A CPU profile of another Node process through its inspector (started with `--inspect=127.0.0.1:<port>`;
 * `--cpu-prof` may not go in NODE_OPTIONS, and the server is started by `node bin/lijnwijzer.js`): Profiler.start
 * now, Profiler.stop when the returned function is called, which resolves with the profile (the .cpuprofile
 * format). Through bench/lib/inspector-session.ts; undefined without a WebSocket client or an inspector.
 */
import { openInspector } from "../lib/inspector-session.js";

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

export async function startCpuProfile(inspectPort: number): Promise<(() => Promise<CpuProfile>) | undefined> {
  const session = await openInspector(inspectPort);
  if (session === undefined) return undefined;
  await session.call("Profiler.enable");
  await session.call("Profiler.start");
  return async () => {
    try {
      return ((await session.call("Profiler.stop")) as { profile: CpuProfile }).profile;
    } finally {
      session.close();
    }
  };
}

/** The functions with the most self time in `profile`, as "ms name (file:line)". */
export function profileTop(profile: CpuProfile, count = 15): string[] {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  profile.samples.forEach((id, i) => {
    const c = byId.get(id)!;
    const name = `${c.functionName || "(anonymous)"} (${c.url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${c.lineNumber + 1})`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${Math.round(ms)} ms ${name}`);
}
