import { CliError } from "./cli-error.js";

/**
 * `--header "Name: value"` options (repeatable) -> request headers, for the commands that fetch a URL (`import`,
 * `realtime`); a value without a colon is refused with an example.
 */
export function parseHeaderOptions(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of list) {
    const i = h.indexOf(":");
    if (i <= 0) throw new CliError(`--header "${h}" is not "Name: value", e.g. --header "Ocp-Apim-Subscription-Key: <key>"`, 2);
    out[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  return out;
}
