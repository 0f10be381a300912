/**
 * The map extension over HTTP (docs/COMPATIBILITY.md W5-W9): a line direction's path, a municipality's outline and /kaart, on the demo
 * network (no shapes.txt: lines along their stops) and on a small network with shapes, in both families.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_TRIPS } from "../../../../src/demo/known-trips.js";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import type { Network } from "../../../../src/network/model.js";
import { defaultReferenceDir } from "../../../../src/reference/default-reference-dir.js";
import { readReference } from "../../../../src/reference/read-reference.js";
import { agency, calendar, feed, route, stop } from "../../../support/feed-builder.js";
import { get, startServer, type TestServer } from "../../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../../support/suite-network.js";

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const V1 = "/DLKernOpenData/api/v1";
const BETA = "/DLKernOpenData/v1/beta";
type Position = [number, number];

let demo: TestServer;
let shaped: TestServer;
let bare: TestServer;

/** Two lines in Leuven: line 1 with a shapes.txt path (a detour north between its stops), line 2 without. */
function shapedNetwork(): Network {
  const f = feed({
    agencies: [agency({ agencyId: "3" })],
    stops: [stop("300001", 50.88, 4.7), stop("300002", 50.88, 4.72), stop("300003", 50.87, 4.72)],
    routes: [route("3001", { agencyId: "3", shortName: "1", color: 0xff0000, textColor: 0xffffff }), route("3002", { agencyId: "3", shortName: "2" })],
    trips: [
      { tripId: "a", routeId: "3001", serviceId: "WK", shapeId: "north", times: [["300001", "08:00:00"], ["300002", "08:05:00"]] },
      { tripId: "b", routeId: "3002", serviceId: "WK", times: [["300002", "08:00:00"], ["300003", "08:05:00"]] },
    ],
    calendars: [calendar("WK", "1111100", 20260101, 20261231)],
  });
  f.shapes = { ids: ["north"], start: Uint32Array.from([0, 3]), lat: Float64Array.from([50.88, 50.89, 50.88]), lon: Float64Array.from([4.7, 4.71, 4.72]) };
  return compileNetwork([{ feed: f, profile: "delijn" }]);
}

beforeAll(async () => {
  demo = await startServer(await suiteNetwork(), {}, () => SUITE_NOW_MS);
  shaped = await startServer(shapedNetwork());
  // The Flemish reference without Leuven's boundary: a municipality without an outline.
  const ref = await readReference(defaultReferenceDir());
  const withoutLeuven = { ...ref, municipalities: ref.municipalities.map((m) => (m.nis === 24062 ? { ...m, polygons: [] } : m)) };
  const f = feed({
    agencies: [agency({ agencyId: "3" })],
    // in Mechelen: the reference still covers the network
    stops: [stop("100001", 51.0259, 4.4776)],
    routes: [route("3302", { agencyId: "3", shortName: "2" })],
    trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["100001", "08:00:00"]] }],
    calendars: [calendar("WK", "1111100", 20260101, 20261231)],
  });
  bare = await startServer(compileNetwork([{ feed: f, profile: "delijn" }], { reference: withoutLeuven }));
}, 120_000);
afterAll(async () => {
  await Promise.all([demo?.close(), shaped?.close(), bare?.close()]);
});

const closed = (ring: Position[]) => ring.length >= 4 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1];

describe("geometrie - a line direction's path", () => {
  it("geometrie - the demo's line 2 HEEN follows its stops in order (the demo has no shapes.txt)", async () => {
    const path = `/lijnen/${line2.entity}/${line2.lijnnummer}/lijnrichtingen/HEEN`;
    const res = await get(`${demo.origin}${V1}${path}/geometrie`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const { type, geometry, properties, links } = res.body;
    expect(type).toBe("Feature");
    expect(geometry.type).toBe("LineString");
    expect(properties).toEqual({
      entiteitnummer: line2.entity,
      lijnnummer: line2.lijnnummer,
      richting: "HEEN",
      lijnnummerPubliek: line2.publicNumber,
      vervoertype: "BUS",
      kleurVoorGrond: expect.stringMatching(/^#[0-9A-F]{6}$/),
      kleurAchterGrond: expect.stringMatching(/^#[0-9A-F]{6}$/),
      bron: "haltes",
      tolerantieMeter: 0,
    });
    expect(links).toEqual([
      { rel: "self", url: `${demo.origin}${V1}${path}/geometrie` },
      { rel: "lijnrichting", url: `${demo.origin}${V1}${path}` },
      { rel: "haltes", url: `${demo.origin}${V1}${path}/haltes` },
    ]);
    // The positions are the stops' coordinates, in the order of the line direction's stops (E19).
    const stops = (await get(`${demo.origin}${V1}${path}/haltes`)).body.haltes as Array<{ geoCoordinaat: { latitude: number; longitude: number } }>;
    const at = stops.map((s) => `${s.geoCoordinaat.longitude},${s.geoCoordinaat.latitude}`);
    const positions = (geometry.coordinates as Position[]).map(([lon, lat]) => `${lon},${lat}`);
    expect(positions).toHaveLength(line2.stopCount);
    let k = -1;
    for (const p of positions) {
      const next = at.indexOf(p, k + 1);
      expect(next, p).toBeGreaterThan(k);
      k = next;
    }
  });

  it("geometrie - a line with shapes.txt follows its shape (bron shapes, 5 m); one without follows its stops", async () => {
    const one = await get(`${shaped.origin}${BETA}/lijnen/3/1/lijnrichtingen/HEEN/geometrie`);
    expect(one.status).toBe(200);
    expect(one.body.geometry).toEqual({ type: "LineString", coordinates: [[4.7, 50.88], [4.71, 50.89], [4.72, 50.88]] });
    expect(one.body.properties).toMatchObject({ bron: "shapes", tolerantieMeter: 5, kleurAchterGrond: "#FF0000", kleurVoorGrond: "#FFFFFF" });
    const two = await get(`${shaped.origin}${BETA}/lijnen/3/2/lijnrichtingen/HEEN/geometrie`);
    expect(two.body.geometry.coordinates).toEqual([[4.72, 50.88], [4.72, 50.87]]);
    expect(two.body.properties).toMatchObject({ bron: "haltes", tolerantieMeter: 0 });
  });

  it("geometrie - 404 for a line or a direction that does not exist, 400 for a bad key, 401 without a key", async () => {
    expect((await get(`${shaped.origin}${V1}/lijnen/3/9/lijnrichtingen/HEEN/geometrie`)).status).toBe(404);
    const terug = await get(`${shaped.origin}${V1}/lijnen/3/1/lijnrichtingen/TERUG/geometrie`);
    expect(terug.body).toEqual({ statusCode: 404, message: expect.stringContaining("has no direction TERUG") });
    // a line of one stop is a LineString of two equal positions (GeoJSON asks for two)
    const single = await get(`${bare.origin}${V1}/lijnen/3/302/lijnrichtingen/HEEN/geometrie`);
    expect(single.body.geometry).toEqual({ type: "LineString", coordinates: [[4.4776, 51.0259], [4.4776, 51.0259]] });
    expect((await get(`${shaped.origin}${V1}/lijnen/3/1/lijnrichtingen/OMHOOG/geometrie`)).status).toBe(400);
    expect((await fetch(`${shaped.origin}${V1}/lijnen/3/1/lijnrichtingen/HEEN/geometrie`)).status).toBe(401);
  });
});

describe("geometrie - a municipality's outline", () => {
  it("geometrie - Leuven: a MultiPolygon of closed rings around its stops, at 20 m", async () => {
    const res = await get(`${demo.origin}${V1}/gemeenten/24062/geometrie`);
    expect(res.status).toBe(200);
    const { geometry, properties, links } = res.body;
    expect(properties).toEqual({ gemeentenummer: 24062, omschrijving: "Leuven", tolerantieMeter: 20 });
    expect(geometry.type).toBe("MultiPolygon");
    expect(geometry.coordinates).toHaveLength(1);
    const ring = geometry.coordinates[0][0] as Position[];
    expect(closed(ring)).toBe(true);
    // Leuven station (50.8798, 4.7005) lies inside the ring: even-odd rule
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > 50.8798 !== yj > 50.8798 && 4.7005 < ((xj - xi) * (50.8798 - yi)) / (yj - yi) + xi) inside = !inside;
    }
    expect(inside).toBe(true);
    expect(links).toEqual([
      { rel: "self", url: `${demo.origin}${V1}/gemeenten/24062/geometrie` },
      { rel: "gemeente", url: `${demo.origin}${V1}/gemeenten/24062` },
    ]);
  });

  it("geometrie - 404 for a municipality that does not exist, and for one without an outline", async () => {
    expect((await get(`${demo.origin}${V1}/gemeenten/99999/geometrie`)).body).toEqual({ statusCode: 404, message: expect.stringContaining("99999") });
    expect((await get(`${bare.origin}${V1}/gemeenten/24062/geometrie`)).body).toEqual({
      statusCode: 404,
      message: "Municipality 24062 has no outline in this network (it was imported without its boundary)",
    });
    expect((await get(`${bare.origin}${V1}/gemeenten/24009/geometrie`)).status).toBe(200);
    // a network without reference data has no municipalities
    expect((await get(`${shaped.origin}${V1}/gemeenten/24062/geometrie`)).status).toBe(404);
  });
});

describe("geometrie - /kaart", () => {
  it("kaart - every municipality outline by NIS code, then one path per line, small enough for a page load", async () => {
    const res = await get(`${demo.origin}${BETA}/kaart`);
    expect(res.status).toBe(200);
    const { type, features, tolerantieMeter, links } = res.body;
    expect(type).toBe("FeatureCollection");
    expect(tolerantieMeter).toEqual({ gemeenten: 200, lijnen: 25 });
    expect(links).toEqual([{ rel: "self", url: `${demo.origin}${BETA}/kaart` }]);
    const gemeenten = features.filter((f: { properties: { soort: string } }) => f.properties.soort === "gemeente");
    const lijnen = features.filter((f: { properties: { soort: string } }) => f.properties.soort === "lijn");
    expect(features.slice(0, gemeenten.length)).toEqual(gemeenten);
    expect(gemeenten).toHaveLength(285);
    const nis = gemeenten.map((g: { properties: { gemeentenummer: number } }) => g.properties.gemeentenummer);
    expect(nis).toEqual([...nis].sort((a, b) => a - b));
    for (const g of gemeenten) for (const polygon of g.geometry.coordinates) for (const ring of polygon) expect(closed(ring)).toBe(true);
    // every line of the network once, in its HEEN direction when it has one
    const all = (await get(`${demo.origin}${BETA}/lijnen?geldigOp=2026-03-10T08:00:00`)).body.lijnen.length;
    expect(lijnen.length).toBeGreaterThanOrEqual(all);
    expect(new Set(lijnen.map((l: { properties: { entiteitnummer: string; lijnnummer: string } }) => `${l.properties.entiteitnummer}_${l.properties.lijnnummer}`)).size).toBe(lijnen.length);
    const two = lijnen.find((l: { properties: { entiteitnummer: string; lijnnummer: string } }) => l.properties.lijnnummer === line2.lijnnummer && l.properties.entiteitnummer === line2.entity);
    expect(two.properties).toMatchObject({ soort: "lijn", richting: "HEEN", bron: "haltes", lijnnummerPubliek: "2" });
    for (const l of lijnen) {
      expect(l.geometry.coordinates.length).toBeGreaterThanOrEqual(2);
      for (const [lon, lat] of l.geometry.coordinates) {
        expect(lon).toBeGreaterThan(2.4);
        expect(lon).toBeLessThan(6);
        expect(lat).toBeGreaterThan(50.6);
        expect(lat).toBeLessThan(51.6);
      }
    }
    // the demo's overview: 385 KB of JSON, 73 KB with gzip (measured when written)
    expect(gzipSync(res.text).length).toBeLessThan(100_000);
  });

  it("kaart - the same body in both families and for every host, but for its links", async () => {
    const strip = (text: string) => text.replace(/,"links":\[[^\]]*\]\}$/, "}");
    const a = await get(`${demo.origin}${V1}/kaart`);
    const b = await demo.app.inject({ url: `${BETA}/kaart`, headers: { host: "kaart.example.org", "ocp-apim-subscription-key": "test-key" } });
    expect(b.json().links).toEqual([{ rel: "self", url: `http://kaart.example.org${BETA}/kaart` }]);
    expect(strip(a.text)).toBe(strip(b.body));
  });
});
