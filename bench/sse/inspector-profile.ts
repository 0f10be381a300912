/**
 * A CPU profile of another Node process through its inspector (started with `--inspect=127.0.0.1:<port>`;
 * `--cpu-prof` may not go in NODE_OPTIONS, and the server is started by `node bin/lijnwijzer.js`): Profiler.start
 * now, Profiler.stop when the returned function is called, which resolves with the profile (the .cpuprofile
 * format). Needs a global WebSocket, as bench/lib/inspector-heap.ts; undefined without one.
 */

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

export async function startCpuProfile(inspectPort: number): Promise<(() => Promise<CpuProfile>) | undefined> {
  const Ws = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (Ws === undefined) return undefined;
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (url === undefined) return undefined;
  const ws = new Ws(url);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error(`inspector ${url} refused the connection`)));
  });
  let nextId = 1;
  const pending = new Map<number, (result: any) => void>();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.start");
  return async () => {
    try {
      return ((await call("Profiler.stop")) as { profile: CpuProfile }).profile;
    } finally {
      ws.close();
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
