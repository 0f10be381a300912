import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const src = new URL("../../src/", import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** An import of Fastify, a Fastify plugin, or a module of src/api. */
const IMPORTS_HTTP = /from\s+["'](fastify|@fastify\/[^"']+|[./]+\/api\/[^"']+)["']/;

describe("layering", () => {
  it("layering - the check recognises an import of Fastify", () => {
    expect(IMPORTS_HTTP.test(readFileSync(join(src, "api/app.ts"), "utf8"))).toBe(true);
    expect(IMPORTS_HTTP.test('import { x } from "../api/links.js";')).toBe(true);
  });

  it("layering - nothing outside src/api (and the CLI that starts it) imports Fastify or src/api", () => {
    const offenders = files(src)
      .filter((f) => !f.startsWith(join(src, "api")) && !f.startsWith(join(src, "cli")))
      .filter((f) => IMPORTS_HTTP.test(readFileSync(f, "utf8")))
      .map((f) => f.slice(src.length));
    expect(offenders).toEqual([]);
  });

  it("layering - imports flow downwards: config, gtfs, reference and lib import nothing of the folders above them (DESIGN.md)", () => {
    const ORDER = ["cli", "api", "config", "search", "routing", "realtime", "timetable", "network", "gtfs", "reference", "lib"];
    // config reads the environment into plain values: besides src/errors.ts it needs only lib (the keys file's format).
    const below: Record<string, string[]> = { config: ["lib"], gtfs: ["lib"], reference: ["lib"], lib: [] };
    const offenders: string[] = [];
    for (const [folder, allowed] of Object.entries(below)) {
      for (const f of files(join(src, folder))) {
        for (const m of readFileSync(f, "utf8").matchAll(/from\s+["']\.\.\/(?:\.\.\/)?([a-z-]+)\//g)) {
          const target = m[1];
          if (ORDER.includes(target) && target !== folder && !allowed.includes(target)) offenders.push(`${f.slice(src.length)} -> ${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
