import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GtfsSource } from "../../../src/gtfs/types.js";

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/gtfs");

export function fixturePath(name: string): string {
  return join(fixturesDir, name);
}

/** The .txt files of a fixture folder, by name. */
export function fixtureFiles(name: string): Record<string, Buffer> {
  const dir = fixturePath(name);
  const files: Record<string, Buffer> = {};
  for (const f of readdirSync(dir)) if (f.endsWith(".txt")) files[f] = readFileSync(join(dir, f));
  return files;
}

/**
 * A GtfsSource over in-memory files. `chunkSizes` cycles over the chunk lengths (e.g. 1..7 to
 * cut inside quotes, CRLFs and multi-byte characters); by default a file is one chunk.
 */
export function memorySource(
  files: Record<string, string | Buffer>,
  options: { chunkSizes?: number[]; name?: string } = {},
): GtfsSource {
  const sizes = options.chunkSizes;
  return {
    name: options.name ?? "memory",
    files: async () => Object.keys(files),
    open: async (file) => {
      const content = files[file];
      if (content === undefined) return undefined;
      const bytes = typeof content === "string" ? Buffer.from(content) : content;
      return (async function* () {
        if (!sizes) {
          yield bytes;
          return;
        }
        let k = 0;
        for (let at = 0; at < bytes.length; k++) {
          const n = sizes[k % sizes.length];
          // a fresh copy per chunk, like a stream's
          yield Buffer.from(bytes.subarray(at, at + n));
          at += n;
        }
      })();
    },
    size: async (file) => {
      const content = files[file];
      if (content === undefined) return undefined;
      const n = Buffer.byteLength(content);
      return { storedBytes: n, rawBytes: n };
    },
    close: async () => {},
  };
}
