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
});
