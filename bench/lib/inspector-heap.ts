/**
 * The live heap of another Node process, through its inspector (started with `--inspect=127.0.0.1:<port>`): a
 * full garbage collection (HeapProfiler.collectGarbage), then the heap in use (Runtime.getHeapUsage). Heap "used"
 * as a process reports it includes garbage not yet collected, and V8 collects lazily when memory is plentiful,
 * so only this figure tells a leak from a heap that has not been cleaned yet.
 *
 * Through inspector-session.ts; undefined without a WebSocket client or an inspector.
 */

import { openInspector } from "./inspector-session.js";

export async function liveHeapAfterGc(inspectPort: number): Promise<{ usedBytes: number; totalBytes: number } | undefined> {
  const session = await openInspector(inspectPort);
  if (session === undefined) return undefined;
  try {
    // Twice: objects freed by the first collection's finalisers go in the second.
    await session.call("HeapProfiler.collectGarbage");
    await session.call("HeapProfiler.collectGarbage");
    const usage = (await session.call("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
    return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
  } finally {
    session.close();
  }
}
