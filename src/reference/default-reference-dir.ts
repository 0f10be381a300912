import { fileURLToPath } from "node:url";

/**
 * Absolute path of the Flanders reference data shipped in the package. This file sits two levels
 * below the package root both as src/reference/*.ts (tsx, vitest) and as dist/reference/*.js
 * (after `tsc -p tsconfig.build.json`), so one relative URL serves both.
 */
export function defaultReferenceDir(): string {
  return fileURLToPath(new URL("../../data/reference/flanders", import.meta.url));
}
