/**
 * The startup banner: one line, once per server (the primary of a cluster, or the process alone), saying where the
 * page, the API reference and the health check are, so that a newcomer need not read the docs to find them.
 */
import type { AppConfig } from "../config/load-config.js";
import { packageInfo } from "../lib/package-info.js";

/** The origin a person on this machine reaches the server at (a wildcard host is reached as localhost). */
function origin(config: AppConfig): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** The banner's message: the version, what is served, and the URLs of the page, /docs and /health. */
export function startupBanner(config: AppConfig, network: string): string {
  const o = origin(config);
  return `lijnwijzer ${packageInfo().version} serves ${network}: the page ${o}/, the API reference ${o}/docs, health ${o}/health`;
}
