import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (bench/lib/ is two levels down). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Git-ignored home of everything the benchmarks download or generate; never committed. */
export const benchDataDir = resolve(repoRoot, "bench/.data");
