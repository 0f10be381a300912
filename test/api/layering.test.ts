import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
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

  it("layering - no import cycle anywhere in src/ (type imports included: a cycle of types is a knot a reader must untie too)", () => {
    const all = files(src);
    const known = new Set(all);
    const edges = new Map<string, string[]>();
    for (const f of all) {
      const targets: string[] = [];
      for (const m of readFileSync(f, "utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const t = normalize(join(dirname(f), m[1].replace(/\.js$/, ".ts")));
        if (known.has(t)) targets.push(t);
      }
      edges.set(f, targets);
    }
    expect(stronglyConnected(edges).filter((c) => c.length > 1).map((c) => c.map((f) => f.slice(src.length)).sort().join(" -> "))).toEqual([]);
  });
});

/** Tarjan's strongly connected components of a directed graph. */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}
