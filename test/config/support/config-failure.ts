import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { loadConfig } from "../../../src/config/load-config.js";
import { LijnwijzerError } from "../../../src/errors.js";

/** A file holding `text`, in a folder of its own: a keys file, or a feed read from a file. */
export function tempFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "lw-config-"));
  const path = join(dir, "keys.txt");
  writeFileSync(path, text);
  return path;
}

/** The message of the LW_CONFIG_INVALID error loadConfig throws for `env`; fails the test when it accepts it. */
export function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(LijnwijzerError);
    expect((e as LijnwijzerError).code).toBe("LW_CONFIG_INVALID");
    return (e as Error).message;
  }
  throw new Error("loadConfig accepted an invalid configuration");
}
