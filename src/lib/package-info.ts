/**
 * This package's name and version, from its package.json (two folders up from src/lib and from dist/lib alike), read
 * once: for `lijnwijzer --version`, the startup banner and the OpenAPI documents' info.
 */
import { readFileSync } from "node:fs";

let info: { name: string; version: string } | undefined;

export function packageInfo(): { name: string; version: string } {
  if (!info) {
    try {
      const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name?: string; version?: string };
      info = { name: pkg.name ?? "lijnwijzer", version: pkg.version ?? "0.0.0" };
    } catch {
      info = { name: "lijnwijzer", version: "0.0.0" };
    }
  }
  return info;
}
