/**
 * The real app over a routing fixture network (test/fixtures/routing/<name>), asked for route plans between stops'
 * own coordinates with the demo key, and an itinerary summary of one line so that a test compares strings. Every app
 * built here is kept until the test file's `afterAll(closeApps)`.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../../src/config/load-config.js";
import type { Network } from "../../../../../src/network/model.js";
import type { RealtimeOverlay } from "../../../../../src/timetable/realtime-overlay.js";
import { stopIdx } from "../../../../routing/support/fixture-network.js";

export const ORIGIN = "https://api.example.org";
export const BETA = "/DLKernOpenData/v1/beta";
/** The fixtures' weekday (their calendars run on it). */
export const TUESDAY = "2024-06-11";

export type Json = Record<string, any>;

const apps: FastifyInstance[] = [];

export async function closeApps(): Promise<void> {
  for (const app of apps.splice(0)) await app.close();
}

export interface FixtureAppOptions {
  /** The real-time overlay the app plans with; none by default. */
  realtime?: RealtimeOverlay;
  /** "Now" (epoch ms) for the parameters that default to it; 05:00 UTC on TUESDAY by default. */
  clockMs?: number;
  /** More environment for loadConfig (e.g. ROUTEPLAN_WALK_RADIUS_METERS). */
  env?: Record<string, string>;
}

export async function fixtureApp(network: Network, options: FixtureAppOptions = {}): Promise<FastifyInstance> {
  const { realtime, clockMs = Date.parse(`${TUESDAY}T05:00:00Z`), env = {} } = options;
  const app = await buildApp({
    network: staticNetworkSource(network),
    config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: ORIGIN, ...env }),
    clock: () => clockMs,
    realtime: { current: () => realtime },
  });
  apps.push(app);
  return app;
}

/** GET with the demo key. */
export async function call(app: FastifyInstance, url: string): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
  const res = await app.inject({ url, headers: { "ocp-apim-subscription-key": "demo" } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** "lat,lon" of a fixture stop. */
export const stopPoint = (net: Network, haltenummer: string) =>
  `${net.stops.lat[stopIdx(net, haltenummer)]},${net.stops.lon[stopIdx(net, haltenummer)]}`;

/** The route plan on `app` between two stops' coordinates (or "lat,lon" as given), status 200 asserted. */
export async function planOn(app: FastifyInstance, net: Network, from: string, to: string, query: string, family = BETA): Promise<Json> {
  const point = (p: string) => (p.includes(",") ? p : stopPoint(net, p));
  const res = await call(app, `${family}/routeplan/${point(from)}/${point(to)}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The route plan on a new app over `net` (schedule only, "now" 05:00 UTC on TUESDAY), status 200 asserted. */
export async function plan(net: Network, from: string, to: string, query: string): Promise<Json> {
  return planOn(await fixtureApp(net), net, from, to, query);
}

/**
 * One line per itinerary: "08:00:00-08:35:00 1* VOERTUIG 301001>301002 08:00:00-08:10:00 1/800 | ...". With
 * `stepDates` a step's times keep their date ("... 2024-06-11T08:35:00-2024-06-11T08:45:00 1/N0835"), for the answers
 * where a step runs on another service day than asked.
 */
export function summary(body: Json, { stepDates = false } = {}): string[] {
  const time = (t: string) => (stepDates ? t : t.slice(11));
  return body.reiswegen.map((r: Json) => {
    const steps = r.reiswegStappen.map((s: Json) => {
      const line = s.type === "VOERTUIG" ? ` ${s.lijnrichting.lijnNummerPubliek}/${s.ritnummer}` : "";
      return `${s.type} ${s.vertrekPunt.id}>${s.aankomstPunt.id} ${time(s.duurtijd.start)}-${time(s.duurtijd.einde)}${line}`;
    });
    return `${r.duurtijd.start.slice(11)}-${r.duurtijd.einde.slice(11)} ${r.overstappen}${r.bestpassend ? "*" : ""} ${steps.join(" | ")}`;
  });
}
