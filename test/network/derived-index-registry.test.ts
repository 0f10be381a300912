import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { derivedIndexes } from "../../src/network/derived-index.js";

const src = join(import.meta.dirname, "../../src");

/** The modules of src/ that register a per-network index (derivedIndex, derivedIndexByKey or networkLru). */
function registeringModules(dir = src): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...registeringModules(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".bench.ts")) {
      const text = readFileSync(path, "utf8");
      if (/\b(derivedIndex|derivedIndexByKey|networkLru)(<[^(]*>)?\("/.test(text)) out.push(path);
    }
  }
  return out.sort();
}

describe("derived index registry", () => {
  it("derivedIndexes - every index of src/ is listed once, under a name of its own", async () => {
    const modules = registeringModules();
    expect(modules.length).toBeGreaterThan(10);
    for (const m of modules) await import(pathToFileURL(m).href);
    const names = derivedIndexes().map((i) => i.name);
    const twice = names.filter((n, k) => names.indexOf(n) !== k);
    expect(twice, `names registered twice (modules: ${modules.map((m) => relative(src, m)).join(", ")})`).toEqual([]);
    expect(names.length).toBeGreaterThanOrEqual(modules.length);
  });
});
