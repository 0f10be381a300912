/**
 * The subscription keys accepted without a quota (API_KEYS, API_KEYS_FILE), the demo key that works when none is
 * configured, and the key the demo page calls with (WEB_API_KEY). Keys with products and quotas are quotas.ts.
 */
import { readFileSync } from "node:fs";
import { CONFIG_INVALID } from "../errors.js";
import { type ConfigEnv, nonEmpty } from "./values.js";

/** The key that works when no key is configured, so that a fresh install answers at once. */
export const DEMO_API_KEY = "demo";

/** Where the keys came from; "demo" means none was configured. */
export type ApiKeysSource = "env" | "file" | "env+file" | "demo";

export interface ApiKeys {
  apiKeys: string[];
  apiKeysSource: ApiKeysSource;
}

/**
 * API_KEYS (comma-separated) and API_KEYS_FILE (one per line), deduplicated. None at all is not yet the demo key:
 * `orDemoKey` decides that once the quotas' KEYS_FILE is known.
 */
export function parseApiKeys(env: ConfigEnv): ApiKeys {
  const fromEnv = env.API_KEYS !== undefined && env.API_KEYS.trim() !== "" ? parseKeyList("API_KEYS", env.API_KEYS.split(",")) : [];
  const keysFile = nonEmpty("API_KEYS_FILE", env.API_KEYS_FILE);
  const fromFile = keysFile === undefined ? [] : readKeysFile(keysFile);
  const apiKeys = [...new Set([...fromEnv, ...fromFile])];
  const apiKeysSource: ApiKeysSource =
    fromEnv.length > 0 && keysFile !== undefined ? "env+file" : keysFile !== undefined ? "file" : "env";
  if (keysFile !== undefined && fromFile.length === 0) {
    throw CONFIG_INVALID(`API_KEYS_FILE ${keysFile} holds no key: write one key per line`);
  }
  return { apiKeys, apiKeysSource };
}

/** No key anywhere, neither here nor in a quotas' KEYS_FILE: the demo key works, so that a fresh install answers. */
export function orDemoKey(keys: ApiKeys, quotaKeysFile: boolean, warnings: string[]): ApiKeys {
  if (keys.apiKeys.length > 0 || quotaKeysFile) return keys;
  warnings.push(`no API keys configured: the key '${DEMO_API_KEY}' works (set API_KEYS or API_KEYS_FILE)`);
  return { apiKeys: [DEMO_API_KEY], apiKeysSource: "demo" };
}

/** WEB_API_KEY: one of the accepted keys, public by design (every visitor of / receives it): give it its own quota. */
export function parseWebApiKey(
  value: string | undefined,
  apiKeys: string[],
  source: ApiKeysSource,
  keysFile: boolean,
  warnings: string[],
): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const [key] = parseKeyList("WEB_API_KEY", [value]);
  if (source === "demo" && key !== DEMO_API_KEY) {
    throw CONFIG_INVALID(`WEB_API_KEY is no accepted key: with no key configured only '${DEMO_API_KEY}' works; add it to API_KEYS or unset WEB_API_KEY`);
  }
  // A keys file holds hashes only: a key of it cannot be checked here.
  if (source !== "demo" && !keysFile && !apiKeys.includes(key)) {
    warnings.push("WEB_API_KEY is not among API_KEYS / API_KEYS_FILE: the demo page's calls will be refused (401)");
  }
  return key;
}

/** A key travels in a header and a query string: keep it to characters that need no escaping anywhere. */
const KEY_FORM = /^[A-Za-z0-9._~-]{1,200}$/;

function parseKeyList(where: string, items: string[]): string[] {
  const keys: string[] = [];
  for (const raw of items) {
    const k = raw.trim();
    if (k === "") continue;
    if (!KEY_FORM.test(k)) {
      throw CONFIG_INVALID(`${where}: key "${k}" may only hold letters, digits and . _ ~ - (at most 200 characters)`);
    }
    keys.push(k);
  }
  return keys;
}

function readKeysFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw CONFIG_INVALID(`API_KEYS_FILE ${path} cannot be read: ${(e as Error).message}`);
  }
  // One key per line; blank lines and # comments let operators annotate who holds which key.
  const lines = text.split(/\r?\n/).filter((l) => !l.trim().startsWith("#"));
  return parseKeyList(`API_KEYS_FILE ${path}`, lines);
}
