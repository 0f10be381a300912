import type { AppConfig } from "../../config/load-config.js";
import { DEMO_API_KEY } from "../../config/api-keys.js";

/**
 * The key the server hands to anyone, for the demo page at / (in /web-config.json) and for /docs to try requests
 * with: WEB_API_KEY when set (give it a product and quota of its own: every visitor sees it), else `demo` when it is
 * the server's only key; undefined when the visitor must bring a key. Never a key of API_KEYS or the keys file.
 */
export function publicApiKey(config: AppConfig): string | undefined {
  if (config.webApiKey !== undefined) return config.webApiKey;
  return config.apiKeysSource === "demo" && config.apiKeys.includes(DEMO_API_KEY) ? DEMO_API_KEY : undefined;
}
