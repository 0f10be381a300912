/**
 * A DevTools protocol session with another Node process's inspector (started with `--inspect=127.0.0.1:<port>`):
 * `call(method, params)` resolves with the method's result. The heap after a collection (inspector-heap.ts) and a
 * CPU profile (bench/sse/inspector-profile.ts) both go through it.
 *
 * Needs a WebSocket client: the global WebSocket of Node 22+, or of Node 20 with --experimental-websocket. Without
 * one, or without an inspector answering on the port, the answer is undefined.
 */

interface DevtoolsTarget {
  webSocketDebuggerUrl?: string;
}

export interface InspectorSession {
  call(method: string, params?: object): Promise<any>;
  close(): void;
}

export async function openInspector(inspectPort: number): Promise<InspectorSession | undefined> {
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
  return {
    call: (method, params = {}) =>
      new Promise<any>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}
