/**
 * Compatibility with the real service's captured answers (fixtures/samples): the same field names, the same
 * wrapper names and at least the same link relations, so that a client written against the real service finds
 * what it reads. Differences the real service has from the spec are listed in docs/COMPATIBILITY.md.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, startServer, type TestServer } from "./support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "./support/suite-network.js";

// biome-ignore lint: parsed JSON
type Any = any;
const sample = (name: string): Any => JSON.parse(readFileSync(new URL(`./fixtures/samples/${name}`, import.meta.url), "utf8"));
const keys = (o: object) => Object.keys(o).sort();
const rels = (o: { links: Array<{ rel: string }> }) => o.links.map((l) => l.rel);
/** The documented extensions a stop adds to the real fields (docs/COMPATIBILITY.md N32); demo stops have a stop_code. */
const STOP_EXTENSIONS = ["gtfsStopCode", "gtfsStopId"];

let server: TestServer;
let stop: { entity: string; stop: string; lat: number; lon: number; nis: number };
let region: string;
let colour: string;

beforeAll(async () => {
  const net = await suiteNetwork();
  server = await startServer(net, {}, () => SUITE_NOW_MS);
  const s = net.patterns.stops[net.patterns.stopStart[net.lineDirections.mainPattern[0]]];
  stop = {
    entity: net.meta.entities[net.stops.entity[s]].number,
    stop: net.strings.get(net.stops.number[s]),
    lat: net.stops.lat[s],
    lon: net.stops.lon[s],
    nis: net.meta.municipalities[net.stops.municipality[s]].nis,
  };
  region = net.meta.regions[net.lines.region[0]].code;
  colour = net.meta.colours[0].code;
});
afterAll(async () => {
  await server?.close();
});

async function v1(path: string): Promise<Any> {
  const res = await get(`${server.origin}/DLKernOpenData/api/v1${path}`);
  expect(res.status, path).toBe(200);
  return res.body;
}

describe("field names of the real service's answers", () => {
  it("samples - an entity and the entity list", async () => {
    const one = await v1(`/entiteiten/${stop.entity}`);
    expect(keys(one)).toEqual(keys(sample("entity.json")));
    expect(rels(one)).toEqual(expect.arrayContaining(rels(sample("entity.json"))));
    const all = await v1("/entiteiten");
    expect(keys(all)).toEqual(keys(sample("entities.json")));
    expect(keys(all.entiteiten[0])).toEqual(keys(sample("entities.json").entiteiten[0]));
    expect(rels(all.entiteiten[0])).toEqual(rels(sample("entities.json").entiteiten[0]));
  });

  it("samples - a colour and the colour list", async () => {
    const one = await v1(`/kleuren/${colour}`);
    expect(keys(one)).toEqual(keys(sample("color.json")));
    expect(keys(one.rgb)).toEqual(keys(sample("color.json").rgb));
    expect(rels(one)).toEqual(rels(sample("color.json")));
    const all = await v1("/kleuren");
    expect(keys(all)).toEqual(keys(sample("colors.json")));
    expect(rels(all.kleuren[0])).toEqual(rels(sample("colors.json").kleuren[0]));
  });

  it("samples - a transport region and the region list", async () => {
    const one = await v1(`/vervoerregios/${region}`);
    expect(keys(one)).toEqual(keys(sample("transport_region.json")));
    expect(rels(one)).toEqual(rels(sample("transport_region.json")));
    const all = await v1("/vervoerregios");
    expect(keys(all)).toEqual(keys(sample("transport_regions.json")));
    expect(rels(all.vervoerRegios[0])).toEqual(expect.arrayContaining(rels(sample("transport_regions.json").vervoerRegios[0])));
  });

  it("samples - a municipality: the real fields, no hoofdGemeente for a main municipality", async () => {
    const one = await v1(`/gemeenten/${stop.nis}`);
    expect(keys(one)).toEqual(keys(sample("municipality.json")).filter((k) => k !== "hoofdGemeente"));
    expect(rels(one)).toEqual(expect.arrayContaining(rels(sample("municipality.json"))));
  });

  it("samples - a stop: every field of the real one, plus the required districtCode and the GTFS id extensions", async () => {
    const one = await v1(`/haltes/${stop.entity}/${stop.stop}`);
    expect(keys(one)).toEqual([...keys(sample("stop.json")), "districtCode", ...STOP_EXTENSIONS].sort());
    expect(keys(one.geoCoordinaat)).toEqual(keys(sample("stop.json").geoCoordinaat));
  });

  it("samples - the stops and lines of a municipality", async () => {
    const stops = await v1(`/gemeenten/${stop.nis}/haltes`);
    expect(keys(stops)).toEqual(keys(sample("stops_by_municipality.json")));
    const real = sample("stops_by_municipality.json").haltes[0];
    expect(keys(stops.haltes[0])).toEqual([...keys(real), "districtCode", ...STOP_EXTENSIONS].sort());
    expect(rels(stops.haltes[0])).toEqual(rels(real));
    const lines = await v1(`/gemeenten/${stop.nis}/lijnen`);
    expect(keys(lines)).toEqual(keys(sample("lines_by_municipality.json")));
    expect(keys(lines.lijnen[0])).toEqual([...keys(sample("lines_by_municipality.json").lijnen[0]), "gtfsRouteId"].sort());
    expect(rels(lines.lijnen[0])).toEqual(rels(sample("lines_by_municipality.json").lijnen[0]));
  });

  it("samples - the line directions at a stop carry the real fields and the detail link", async () => {
    const dirs = await v1(`/haltes/${stop.entity}/${stop.stop}/lijnrichtingen`);
    const real = sample("directions.json");
    expect(keys(dirs)).toEqual(keys(real));
    expect(keys(dirs.lijnrichtingen[0])).toEqual(expect.arrayContaining(keys(real.lijnrichtingen[0])));
    expect(rels(dirs.lijnrichtingen[0])).toEqual(rels(real.lijnrichtingen[0]));
  });

  it("samples - stops nearby: the real item fields, links to line directions, real time and timetable", async () => {
    const near = await v1(`/haltes/indebuurt/${stop.lat},${stop.lon}`);
    const real = sample("stops_in_vicinity.json");
    expect(keys(near)).toEqual(keys(real));
    expect(keys(near.haltes[0])).toEqual([...keys(real.haltes[0]), "entiteitnummer"].sort());
    expect(rels(near.haltes[0])).toEqual(expect.arrayContaining(rels(real.haltes[0])));
  });

  it("samples - stop 300483 Doleeg is the real one, but for the documented differences (N5 NIS number, N10 districtCode, N32 GTFS ids)", async () => {
    const real = sample("stops_by_municipality.json").haltes[0];
    expect(real.haltenummer).toBe("300483");
    const ours = await v1("/haltes/3/300483");
    const { links: _realLinks, ...realFields } = real;
    const { links: _ourLinks, ...ourFields } = ours;
    const { gtfsStopId, gtfsStopCode, ...rest } = ourFields;
    expect(rest).toEqual({ ...realFields, gemeentenummer: 24062, districtCode: "LV", taal: "NEDERLANDS" });
    expect([gtfsStopId, gtfsStopCode]).toEqual(["300483", expect.any(String)]);
  });

  it("samples - Leuven's lines are the real ones: number, public number, description, region, type", async () => {
    const ours = (await v1("/gemeenten/24062/lijnen")).lijnen as Any[];
    for (const real of sample("lines_by_municipality.json").lijnen as Any[]) {
      const line = ours.find((l) => l.entiteitnummer === real.entiteitnummer && l.lijnnummer === real.lijnnummer);
      expect(line, `line ${real.entiteitnummer}/${real.lijnnummer}`).toBeDefined();
      const pick = ({ lijnGeldigVan: _v, lijnGeldigTot: _t, links: _l, gtfsRouteId: _g, ...rest }: Any) => rest;
      expect(pick(line)).toEqual(pick(real));
    }
  });
});
