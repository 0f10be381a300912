/**
 * The real app over a timetable fixture network (test/fixtures/timetable), with a fixed public base
 * URL so that links are exact, and a GET helper that sends the demo key.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";

export const BASE = "https://api.example.org/DLKernOpenData";

/** `clock` pins "now" (epoch ms) for the parameters that default to today. */
export async function timetableApp(network: Network, clock?: () => number): Promise<FastifyInstance> {
  const app = await buildApp({
    network: staticNetworkSource(network),
    config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://api.example.org" }),
    clock,
  });
  await app.ready();
  return app;
}

export async function get(app: FastifyInstance, path: string): Promise<{ status: number; body: any }> {
  const res = await app.inject({ method: "GET", url: `/DLKernOpenData${path}`, headers: { "ocp-apim-subscription-key": "demo" } });
  return { status: res.statusCode, body: res.json() };
}
