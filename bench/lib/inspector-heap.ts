/**
 * The live heap of another Node process, through its inspector (started with `--inspect=127.0.0.1:<port>`): a
 * full garbage collection (HeapProfiler.collectGarbage), then the heap in use (Runtime.getHeapUsage). Heap "used"
 * as a process reports it includes garbage not yet collected, and V8 collects lazily when memory is plentiful,
 * so only this figure tells a leak from a heap that has not been cleaned yet.
 *
 * Needs a WebSocket client: the global WebSocket of Node 22+, or of Node 20 with --experimental-websocket (the
 * npm script passes it). Without one, or without an inspector, the answer is undefined.
 */

interface DevtoolsTarget {
  webSocketDebuggerUrl?: string;
}

export async function liveHeapAfterGc(inspectPort: number): Promise<{ usedBytes: number; totalBytes: number } | undefined> {
  const Ws = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (Ws === undefined) return undefined;
  let url: string | undefined;
  try {
    const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as DevtoolsTarget[];
    url = targets[0]?.webSocketDebuggerUrl;
  } catch {
    return undefined;
  }
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
  const call = (method: string) =>
    new Promise<any>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method }));
    });
  try {
    // Twice: objects freed by the first collection's finalisers go in the second.
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    const usage = (await call("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
    return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
  } finally {
    ws.close();
  }
}
