/**
 * Compiles a fixture feed of test/fixtures/timetable/<name> with the real reader and compiler
 * (delijn key profile), once per test file.
 */
import { fileURLToPath } from "node:url";
import { readGtfs } from "../../../src/gtfs/index.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { LineDirIdx, Network, StopIdx } from "../../../src/network/model.js";

const cache = new Map<string, Promise<Network>>();

export function fixtureNetwork(name: string): Promise<Network> {
  let n = cache.get(name);
  if (!n) {
    const dir = fileURLToPath(new URL(`../../fixtures/timetable/${name}/`, import.meta.url));
    n = readGtfs(dir).then((feed) => compileNetwork([{ feed, profile: "delijn" }], { now: new Date("2024-01-01T00:00:00Z") }));
    cache.set(name, n);
  }
  return n;
}

export function stopIdx(network: Network, haltenummer: string): StopIdx {
  for (let s = 0; s < network.stops.count; s++) if (network.strings.get(network.stops.number[s]) === haltenummer) return s;
  throw new Error(`no stop ${haltenummer}`);
}

/** "3_1_HEEN" -> LineDirIdx */
export function lineDirIdx(network: Network, key: string): LineDirIdx {
  const [entity, line, dir] = key.split("_");
  for (let l = 0; l < network.lines.count; l++) {
    if (
      network.meta.entities[network.lines.entity[l]].number === entity &&
      network.strings.get(network.lines.number[l]) === line
    ) {
      return l * 2 + (dir === "TERUG" ? 1 : 0);
    }
  }
  throw new Error(`no line ${key}`);
}
