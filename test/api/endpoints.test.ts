/**
 * Every network endpoint in both path families, over real HTTP: status, the spec's required fields with their
 * types, real values from the network, the published OpenAPI's response schemas (v1, via the documented
 * adapter), and every URL in every response's links answering 200.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLine } from "../../src/network/lookup.js";
import type { LineIdx, Network, StopIdx } from "../../src/network/model.js";
import { NONE16 } from "../../src/network/constants.js";
import { lineDirectionsAtStop } from "../../src/network/queries/line-directions-at-stop.js";
import { lineDirectionsOfLine } from "../../src/network/queries/line-directions-of-line.js";
import { linesOfMunicipality } from "../../src/network/queries/lines-of-municipality.js";
import { linesValidOn } from "../../src/network/queries/lines-valid-on.js";
import { stopsOfLineDirection } from "../../src/network/queries/stops-of-line-direction.js";
import { stopsOfMunicipality } from "../../src/network/queries/stops-of-municipality.js";
import { allStopsValidOn } from "../../src/network/queries/stops-valid-on.js";
import { officialPathOf, validateOfficial } from "./support/official-openapi.js";
import { get, startServer, TEST_KEY, type TestServer } from "./support/server.js";
import {
  entiteitShape,
  expectShape,
  gemeenteShape,
  halteKortShape,
  halteShape,
  kleurShape,
  lijnkleurCodesShape,
  lijnrichtingShape,
  lijnShape,
  listShape,
  puntShape,
  type Shape,
  vervoerregioShape,
} from "./support/shapes.js";
import { SUITE_DAY, SUITE_NOW_MS, suiteNetwork } from "./support/suite-network.js";

type Family = "v1" | "beta";
const FAMILY_PATH: Record<Family, string> = { v1: "/DLKernOpenData/api/v1", beta: "/DLKernOpenData/v1/beta" };

let server: TestServer;
let net: Network;
/** url -> rel of every link seen in a response of this suite. */
const links = new Map<string, string>();

interface Keys {
  line: { entity: string; line: string; publicNumber: string; description: string; idx: LineIdx };
  line2: { entity: string; line: string };
  stop: { entity: string; stop: string; idx: StopIdx; lat: number; lon: number };
  stop2: { entity: string; stop: string };
  nis: number;
  nis2: number;
  region: string;
  colour: string;
}
let k: Keys;

function pickKeys(n: Network): Keys {
  const s = (i: number) => n.strings.get(i);
  const valid = linesValidOn(n, SUITE_DAY).filter((l) => lineDirectionsOfLine(n, l, SUITE_DAY).length === 2 && n.lines.region[l] !== NONE16);
  const preferred = findLine(n, "3", "302");
  const line = preferred !== undefined && valid.includes(preferred) ? preferred : valid[0];
  const line2 = valid.find((l) => l !== line) ?? (line === 0 ? 1 : 0);
  const stops = stopsOfLineDirection(n, line * 2).filter((st) => n.stops.municipality[st] !== NONE16);
  const stopKey = (st: StopIdx) => ({ entity: n.meta.entities[n.stops.entity[st]].number, stop: s(n.stops.number[st]) });
  const nis = n.meta.municipalities[n.stops.municipality[stops[0]]].nis;
  const other = stops.find((st) => n.meta.municipalities[n.stops.municipality[st]].nis !== nis);
  return {
    line: {
      entity: n.meta.entities[n.lines.entity[line]].number,
      line: s(n.lines.number[line]),
      publicNumber: s(n.lines.publicNumber[line]),
      description: s(n.lines.description[line]),
      idx: line,
    },
    line2: { entity: n.meta.entities[n.lines.entity[line2]].number, line: s(n.lines.number[line2]) },
    stop: { ...stopKey(stops[0]), idx: stops[0], lat: n.stops.lat[stops[0]], lon: n.stops.lon[stops[0]] },
    stop2: stopKey(stops[1]),
    nis,
    nis2: other !== undefined ? n.meta.municipalities[n.stops.municipality[other]].nis : nis,
    region: n.meta.regions[n.lines.region[line]].code,
    colour: n.meta.colours[0].code,
  };
}

beforeAll(async () => {
  net = await suiteNetwork();
  k = pickKeys(net);
  server = await startServer(net, {}, () => SUITE_NOW_MS);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function collectLinks(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) collectLinks(n);
  } else if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (Array.isArray(o.links)) for (const l of o.links as Array<{ rel: string; url: string }>) links.set(l.url, l.rel);
    for (const v of Object.values(o)) if (v && typeof v === "object") collectLinks(v);
  }
}

/** GET a path of a family: 200, the shape, the published schema (v1), links collected. */
async function call(family: Family, path: string, shape: Shape): Promise<any> {
  const res = await get(`${server.origin}${FAMILY_PATH[family]}${path}`);
  expect(res.status, `${family} ${path}: ${res.text.slice(0, 300)}`).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expectShape(res.body, shape, server.origin);
  if (family === "v1") {
    const template = officialPathOf(path.split("?")[0]);
    if (template) expect(validateOfficial(template, res.body), `${path} against the published ${template}`).toEqual([]);
  }
  collectLinks(res.body);
  return res.body;
}

const lineKeysOf = (items: Array<{ entiteitnummer: string; lijnnummer: string }>) => items.map((l) => `${l.entiteitnummer}_${l.lijnnummer}`);
const stopKeysOf = (items: Array<{ entiteitnummer: string; haltenummer: string }>) => items.map((h) => `${h.entiteitnummer}_${h.haltenummer}`);
const rels = (o: { links: Array<{ rel: string; url: string }> }) => o.links.map((l) => l.rel);

describe.each(["v1", "beta"] as const)("network endpoints, %s family", (family) => {
  const base = () => `${server.origin}${FAMILY_PATH[family]}`;

  it(`E3 ${family} - a line by key: the spec's fields, validity as ${family === "v1" ? "date" : "date-time"}, links below it`, async () => {
    const body = await call(family, `/lijnen/${k.line.entity}/${k.line.line}`, lijnShape(family));
    expect(body).toMatchObject({
      entiteitnummer: k.line.entity,
      lijnnummer: k.line.line,
      lijnnummerPubliek: k.line.publicNumber,
      omschrijving: k.line.description,
      vervoerRegioCode: k.region,
    });
    expect(body.links).toEqual([
      { rel: "self", url: `${base()}/lijnen/${k.line.entity}/${k.line.line}` },
      { rel: "lijnrichtingen", url: `${base()}/lijnen/${k.line.entity}/${k.line.line}/lijnrichtingen` },
      { rel: "gemeenten", url: `${base()}/lijnen/${k.line.entity}/${k.line.line}/gemeenten` },
      { rel: "lijnkleuren", url: `${base()}/lijnen/${k.line.entity}/${k.line.line}/lijnkleuren` },
    ]);
  });

  it(`E3 ${family} - the demo's line 3/302 is Leuven's line 2, valid through the demo's calendar`, async () => {
    const res = await get(`${base()}/lijnen/3/302`);
    const date = (d: string) => (family === "v1" ? d : `${d}T00:00:00`);
    const { links: _links, ...fields } = res.body;
    expect(fields).toEqual({
      entiteitnummer: "3",
      lijnnummer: "302",
      lijnnummerPubliek: "2",
      omschrijving: "Kessel-Lo - Heverlee",
      vervoerRegioCode: "LV",
      publiek: true,
      vervoertype: "BUS",
      bedieningtype: "NORMAAL",
      lijnGeldigVan: date("2024-01-01"),
      lijnGeldigTot: date("2030-12-31"),
      gtfsRouteId: "3302",
    });
    const heen = await get(`${base()}/lijnen/3/302/lijnrichtingen/HEEN`);
    expect(heen.body).toMatchObject({ omschrijving: "Kessel-Lo - Heverlee", bestemming: "Heverlee", richting: "HEEN" });
    const terug = await get(`${base()}/lijnen/3/0302/lijnrichtingen/TERUG`);
    expect(terug.body).toMatchObject({ omschrijving: "Heverlee - Kessel-Lo", bestemming: "Kessel-Lo", richting: "TERUG" });
  });

  it(`E2 ${family} - the lines of a municipality include the line that stops there`, async () => {
    const body = await call(family, `/gemeenten/${k.nis}/lijnen`, listShape("lijnen", lijnShape(family, "municipality")));
    const expected = linesOfMunicipality(net, net.stops.municipality[k.stop.idx], SUITE_DAY).length;
    expect(body.lijnen).toHaveLength(expected);
    expect(lineKeysOf(body.lijnen)).toContain(`${k.line.entity}_${k.line.line}`);
    expect(body.lijnen[0].links.map((l: { rel: string }) => l.rel)).toEqual(["detail"]);
  });

  it(`E6 ${family} - all stops valid today, each with a detail link`, async () => {
    const body = await call(family, "/haltes", listShape("haltes", halteShape()));
    expect(body.haltes).toHaveLength(allStopsValidOn(net, SUITE_DAY).length);
    expect(stopKeysOf(body.haltes)).toContain(`${k.stop.entity}_${k.stop.stop}`);
    expect(body.links).toEqual([{ rel: "self", url: `${base()}/haltes?geldigOp=${isoDay()}T00:00:00` }]);
  });

  it(`E10 ${family} - the lines of a transport region`, async () => {
    const body = await call(family, `/vervoerregios/${k.region}/lijnen`, listShape("lijnen", lijnShape(family)));
    expect(lineKeysOf(body.lijnen)).toContain(`${k.line.entity}_${k.line.line}`);
    expect(body.lijnen.every((l: { vervoerRegioCode: string }) => l.vervoerRegioCode === k.region)).toBe(true);
  });

  it(`E11 ${family} - the stops of a municipality`, async () => {
    const body = await call(family, `/gemeenten/${k.nis}/haltes`, listShape("haltes", halteShape("municipality")));
    expect(body.haltes).toHaveLength(stopsOfMunicipality(net, net.stops.municipality[k.stop.idx], SUITE_DAY).length);
    expect(body.haltes.every((h: { gemeentenummer: number }) => h.gemeentenummer === k.nis)).toBe(true);
  });

  it(`E12 ${family} - all colours, rgb as an object`, async () => {
    const body = await call(family, "/kleuren", listShape("kleuren", kleurShape));
    expect(body.kleuren).toHaveLength(net.meta.colours.length);
    const c = net.meta.colours[0];
    expect(body.kleuren[0]).toEqual({
      code: c.code,
      omschrijving: c.name,
      rgb: { rood: c.r, groen: c.g, blauw: c.b },
      hex: c.hex,
      links: [{ rel: "detail", url: `${base()}/kleuren/${c.code}` }],
    });
  });

  it(`E13 ${family} - line directions of a list of lines, in the order asked`, async () => {
    const keys = `${k.line2.entity}_${k.line2.line}_${k.line.entity}_${k.line.line}`;
    const shape: Shape = {
      required: {
        lijnLijnrichtingen: {
          arrayOf: { object: { required: { lijn: { object: lijnShape(family) }, lijnrichtingen: { arrayOf: { object: lijnrichtingShape } } } } },
        },
        links: "links",
      },
    };
    const body = await call(family, `/lijnen/lijst/${keys}/lijnrichtingen`, shape);
    expect(body.lijnLijnrichtingen.map((x: { lijn: { lijnnummer: string } }) => x.lijn.lijnnummer)).toEqual([k.line2.line, k.line.line]);
    expect(body.lijnLijnrichtingen[1].lijnrichtingen.map((r: { richting: string }) => r.richting)).toEqual(["HEEN", "TERUG"]);
  });

  it(`E14 ${family} - all entities, with links to their stops, lines and municipalities`, async () => {
    const body = await call(family, "/entiteiten", listShape("entiteiten", entiteitShape));
    expect(body.entiteiten.map((e: { entiteitnummer: string }) => e.entiteitnummer)).toEqual(net.meta.entities.map((e) => e.number));
    expect(rels(body.entiteiten[0])).toEqual(["detail", "haltes", "lijnen", "gemeenten"]);
  });

  it(`E15 ${family} - a colour by code`, async () => {
    const body = await call(family, `/kleuren/${k.colour}`, kleurShape);
    expect(body.code).toBe(k.colour);
    expect(rels(body)).toEqual(["detail"]);
  });

  it(`E16 ${family} - an entity by number`, async () => {
    const body = await call(family, `/entiteiten/${k.stop.entity}`, entiteitShape);
    const e = net.meta.entities.find((x) => x.number === k.stop.entity)!;
    expect(body).toMatchObject({ entiteitnummer: e.number, entiteitcode: e.code, omschrijving: e.name });
    expect(rels(body)).toEqual(["self", "haltes", "lijnen", "gemeenten"]);
  });

  it(`E17 ${family} - the colour codes of a list of lines`, async () => {
    const shape: Shape = {
      required: {
        lijnLijnkleurCodesijst: {
          arrayOf: { object: { required: { lijn: { object: lijnShape(family) }, lijnkleurCodes: { object: lijnkleurCodesShape } } } },
        },
        links: "links",
      },
    };
    const body = await call(family, `/lijnen/lijst/${k.line.entity}_${k.line.line}/lijnkleuren`, shape);
    expect(body.lijnLijnkleurCodesijst).toHaveLength(1);
    const colours = net.meta.colours.map((c) => c.code);
    const codes = body.lijnLijnkleurCodesijst[0].lijnkleurCodes;
    for (const m of ["voorgrond", "achtergrond", "voorgrondRand", "achtergrondRand"]) expect(colours).toContain(codes[m].code);
  });

  it(`E18 ${family} - the colour codes of one line, each linking to its colour`, async () => {
    const body = await call(family, `/lijnen/${k.line.entity}/${k.line.line}/lijnkleuren`, lijnkleurCodesShape);
    const bg = net.meta.colours[net.lines.paletteBg[k.line.idx]].code;
    expect(body.achtergrond).toEqual({ code: bg, links: [{ rel: "detail", url: `${base()}/kleuren/${bg}` }] });
  });

  it(`E19 ${family} - the stops of a line direction in travel order`, async () => {
    const body = await call(family, `/lijnen/${k.line.entity}/${k.line.line}/lijnrichtingen/HEEN/haltes`, listShape("haltes", halteKortShape));
    const expected = stopsOfLineDirection(net, k.line.idx * 2).map((s) => `${net.meta.entities[net.stops.entity[s]].number}_${net.strings.get(net.stops.number[s])}`);
    expect(stopKeysOf(body.haltes)).toEqual(expected);
  });

  it(`entiteiten ${family} - /entiteiten/{e}/gemeenten, /haltes and /lijnen`, async () => {
    const g = await call(family, `/entiteiten/${k.stop.entity}/gemeenten`, listShape("gemeenten", gemeenteShape));
    expect(g.gemeenten.map((m: { gemeentenummer: number }) => m.gemeentenummer)).toContain(k.nis);
    const h = await call(family, `/entiteiten/${k.stop.entity}/haltes`, listShape("haltes", halteShape()));
    expect(stopKeysOf(h.haltes)).toContain(`${k.stop.entity}_${k.stop.stop}`);
    expect(h.haltes.every((x: { entiteitnummer: string }) => x.entiteitnummer === k.stop.entity)).toBe(true);
    const l = await call(family, `/entiteiten/${k.line.entity}/lijnen`, listShape("lijnen", lijnShape(family)));
    expect(lineKeysOf(l.lijnen)).toContain(`${k.line.entity}_${k.line.line}`);
  });

  it(`gemeenten ${family} - /gemeenten, /gemeenten/{nr}, /gemeenten/lijst/{nrs}/haltes`, async () => {
    const all = await call(family, "/gemeenten", listShape("gemeenten", gemeenteShape));
    expect(all.gemeenten).toHaveLength(net.meta.municipalities.length);
    const one = await call(family, `/gemeenten/${k.nis}`, gemeenteShape);
    const m = net.meta.municipalities.find((x) => x.nis === k.nis)!;
    expect(one).toMatchObject({ gemeentenummer: k.nis, omschrijving: m.name.toUpperCase() });
    expect(rels(one)).toEqual(["self", "haltes", "lijnen"]);
    const shape: Shape = {
      required: {
        gemeenteHaltes: {
          arrayOf: { object: { required: { gemeente: { object: gemeenteShape }, haltes: { arrayOf: { object: halteShape() } } } } },
        },
        links: "links",
      },
    };
    const list = await call(family, `/gemeenten/lijst/${k.nis}_${k.nis2}/haltes`, shape);
    expect(list.gemeenteHaltes.map((x: { gemeente: { gemeentenummer: number } }) => x.gemeente.gemeentenummer)).toEqual([k.nis, k.nis2]);
  });

  it(`haltes ${family} - a stop by key links to its line directions, timetable and real-time passages`, async () => {
    const body = await call(family, `/haltes/${k.stop.entity}/${k.stop.stop}`, halteShape());
    const path = `${base()}/haltes/${k.stop.entity}/${k.stop.stop}`;
    expect(body.links).toEqual([
      { rel: "self", url: path },
      { rel: "lijnrichtingen", url: `${path}/lijnrichtingen` },
      { rel: "dienstregelingen", url: `${path}/dienstregelingen` },
      { rel: "real-time", url: `${path}/real-time` },
    ]);
    expect(body.geoCoordinaat).toEqual({ latitude: k.stop.lat, longitude: k.stop.lon });
    expect(body).toMatchObject({ gemeentenummer: k.nis, hoofdHalte: null, taal: "NEDERLANDS" });
  });

  it(`haltes ${family} - the line directions at a stop, and at a list of stops`, async () => {
    const one = await call(family, `/haltes/${k.stop.entity}/${k.stop.stop}/lijnrichtingen`, listShape("lijnrichtingen", lijnrichtingShape));
    expect(one.lijnrichtingen).toHaveLength(lineDirectionsAtStop(net, k.stop.idx, SUITE_DAY).length);
    expect(one.lijnrichtingen.map((r: { lijnnummer: string; richting: string }) => `${r.lijnnummer}_${r.richting}`)).toContain(`${k.line.line}_HEEN`);
    const keys = `${k.stop.entity}_${k.stop.stop}_${k.stop2.entity}_${k.stop2.stop}`;
    const list = await call(family, `/haltes/lijst/${keys}`, listShape("haltes", halteShape()));
    expect(stopKeysOf(list.haltes)).toEqual([`${k.stop.entity}_${k.stop.stop}`, `${k.stop2.entity}_${k.stop2.stop}`]);
    const shape: Shape = {
      required: {
        halteLijnrichtingen: {
          arrayOf: { object: { required: { halte: { object: halteShape() }, lijnrichtingen: { arrayOf: { object: lijnrichtingShape } } } } },
        },
        links: "links",
      },
    };
    const dirs = await call(family, `/haltes/lijst/${keys}/lijnrichtingen`, shape);
    expect(dirs.halteLijnrichtingen[0].lijnrichtingen).toEqual(one.lijnrichtingen);
  });

  it(`haltes ${family} - stops near a point, nearest first, within radius and maxAantalHaltes`, async () => {
    const body = await call(family, `/haltes/indebuurt/${k.stop.lat},${k.stop.lon}?radius=500&maxAantalHaltes=2`, listShape("haltes", puntShape));
    expect(body.haltes.length).toBeGreaterThanOrEqual(1);
    expect(body.haltes.length).toBeLessThanOrEqual(2);
    expect(body.haltes[0]).toMatchObject({ type: "DELIJN", id: k.stop.stop, afstand: 0 });
    expect(body.haltes.every((h: { afstand: number }) => h.afstand <= 500)).toBe(true);
    expect(rels(body.haltes[0])).toEqual(["detail", "lijnrichtingen", "real-time", "dienstregelingen"]);
  });

  it(`lijnen ${family} - /lijnen, /lijnen/lijst/{keys}, /lijnen/{e}/{l}/gemeenten`, async () => {
    const all = await call(family, "/lijnen", listShape("lijnen", lijnShape(family)));
    expect(all.lijnen).toHaveLength(linesValidOn(net, SUITE_DAY).length);
    const list = await call(family, `/lijnen/lijst/${k.line.entity}_${k.line.line}_${k.line2.entity}_${k.line2.line}`, listShape("lijnen", lijnShape(family)));
    expect(lineKeysOf(list.lijnen)).toEqual([`${k.line.entity}_${k.line.line}`, `${k.line2.entity}_${k.line2.line}`]);
    const g = await call(family, `/lijnen/${k.line.entity}/${k.line.line}/gemeenten`, listShape("gemeenten", gemeenteShape));
    expect(g.gemeenten.map((m: { gemeentenummer: number }) => m.gemeentenummer)).toContain(k.nis);
  });

  it(`lijnen ${family} - the directions of a line, and one direction by key`, async () => {
    const all = await call(family, `/lijnen/${k.line.entity}/${k.line.line}/lijnrichtingen`, listShape("lijnrichtingen", lijnrichtingShape));
    expect(all.lijnrichtingen.map((r: { richting: string }) => r.richting)).toEqual(["HEEN", "TERUG"]);
    const heen = await call(family, `/lijnen/${k.line.entity}/${k.line.line}/lijnrichtingen/HEEN`, lijnrichtingShape);
    expect(heen).toMatchObject({
      entiteitnummer: k.line.entity,
      lijnnummer: k.line.line,
      richting: "HEEN",
      lijnNummerPubliek: k.line.publicNumber,
      omschrijving: net.strings.get(net.lineDirections.description[k.line.idx * 2]),
    });
    expect(rels(heen)).toEqual(["self", "haltes", "lijn"]);
  });

  it(`vervoerregios ${family} - /vervoerregios and /vervoerregios/{code}`, async () => {
    const all = await call(family, "/vervoerregios", listShape("vervoerRegios", vervoerregioShape));
    expect(all.vervoerRegios.map((r: { code: string }) => r.code)).toEqual(net.meta.regions.map((r) => r.code));
    const one = await call(family, `/vervoerregios/${k.region}`, vervoerregioShape);
    const r = net.meta.regions.find((x) => x.code === k.region)!;
    expect(one).toEqual({
      code: r.code,
      naam: r.name,
      nr: r.number,
      links: [
        { rel: "self", url: `${base()}/vervoerregios/${r.code}` },
        { rel: "lijnen", url: `${base()}/vervoerregios/${r.code}/lijnen` },
      ],
    });
  });
});

function isoDay(): string {
  return `${String(SUITE_DAY).slice(0, 4)}-${String(SUITE_DAY).slice(4, 6)}-${String(SUITE_DAY).slice(6)}`;
}

describe("links", () => {
  it("links - every URL in every response above answers 200, timetable and real-time links included", async () => {
    expect(links.size).toBeGreaterThan(50);
    const rels = new Set(links.values());
    for (const rel of ["dienstregelingen", "real-time"]) expect(rels, rel).toContain(rel);
    const failures: string[] = [];
    for (const [url, rel] of links) {
      expect(url.startsWith(`${server.origin}/`), url).toBe(true);
      const res = await server.app.inject({
        url: url.slice(server.origin.length),
        headers: { "ocp-apim-subscription-key": TEST_KEY },
      });
      if (res.statusCode !== 200) failures.push(`${res.statusCode} ${rel} ${url}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
