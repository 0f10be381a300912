/**
 * Starts the real app on a free loopback port for the HTTP tests.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";

export const TEST_KEY = "test-key";

export interface TestServer {
  app: FastifyInstance;
  /** "http://127.0.0.1:<port>" */
  origin: string;
  close(): Promise<void>;
}

export async function startServer(
  network: Network,
  env: Record<string, string> = {},
  clock?: () => number,
): Promise<TestServer> {
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent", ...env });
  const app = await buildApp({ network: staticNetworkSource(network), config, clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no TCP address");
  return { app, origin: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** GET with the test key in the header; the parsed JSON body when there is one. */
export async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { "Ocp-Apim-Subscription-Key": TEST_KEY, ...headers } });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, headers: res.headers, text, body: type.includes("json") && text ? JSON.parse(text) : undefined };
}
