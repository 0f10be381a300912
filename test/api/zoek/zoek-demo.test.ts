/**
 * E7, E8, E9 on the demo network of Flanders over HTTP (spec 4.4; docs/COMPATIBILITY.md S10, S19-S21): the first hit for exact, prefix,
 * typo, shuffled, abbreviated and accented queries; ordering by huidigePositie; paging with startIndex over whole
 * result lists (no repeats, no gaps); aantalHits; every location type the demo holds; the 400s, and text that is
 * never an error. Every v1 answer is validated against the published Search OpenAPI (adapted, official-openapi.ts);
 * the beta family answers the same hits; the links of hits answer.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { ensureDemoSnapshot } from "../../../src/cli/demo-snapshot.js";
import { loadConfig } from "../../../src/config/load-config.js";
import { type Network, PLACE_KINDS } from "../../../src/network/model.js";
import { loadSnapshot } from "../../../src/network/snapshot.js";
import { searchIndexesOf } from "../../../src/search/network-search.js";
import { officialSearchPathOf, validateOfficialSearch } from "../support/official-openapi.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

// biome-ignore lint: JSON answers
type Json = Record<string, any>;
type Search = "haltes" | "lijnrichtingen" | "locaties";

const V1 = "/DLZoekOpenData/v1";
const BETA = "/DLZoekOpenData/v1/beta";
const KEY = { "ocp-apim-subscription-key": TEST_KEY };
const ORIGIN = "http://localhost:80";

/** Points of the demo: Leuven station, Mechelen station, Antwerpen-Centraal. */
const AT = { leuven: "50.8818,4.7150", mechelen: "51.0176,4.4828", antwerpen: "51.2172,4.4211" } as const;

let net: Network;
let app: FastifyInstance;

beforeAll(async () => {
  net = await suiteNetwork();
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" });
  app = await buildApp({ network: staticNetworkSource(net), config, clock: () => SUITE_NOW_MS });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** A search in the v1 family: 200, valid against the published document; the beta family answers the same hits. */
async function search(what: Search, text: string, query = ""): Promise<Json> {
  const path = `/zoek/${what}/${encodeURIComponent(text)}${query ? `?${query}` : ""}`;
  const res = await app.inject({ url: `${V1}${path}`, headers: KEY });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  const body = res.json();
  const template = officialSearchPathOf(`/zoek/${what}/x`)!;
  expect(validateOfficialSearch(template, body), `${path} against the published ${template}`).toEqual([]);
  const beta = (await app.inject({ url: `${BETA}${path}`, headers: KEY })).json();
  expect(JSON.stringify(beta).replaceAll("/v1/beta/", "/"), `${path}: beta`).toBe(
    JSON.stringify(body).replaceAll("/api/v1/", "/").replaceAll(`${V1}/`, `${V1.slice(0, -3)}/`),
  );
  return body;
}

const stopKey = (h: Json) => `${h.entiteitnummer}_${h.haltenummer}`;
const firstStop = async (text: string, query = "") => (await search("haltes", text, query)).haltes[0] as Json;

/** The demo stop keys by long name (omschrijvingLang), from the network itself. */
function stopsNamed(longName: string): string[] {
  const out: string[] = [];
  for (let s = 0; s < net.stops.count; s++) {
    if (net.strings.get(net.stops.longName[s]) === longName) {
      out.push(`${net.meta.entities[net.stops.entity[s]].number}_${net.strings.get(net.stops.number[s])}`);
    }
  }
  expect(out.length, longName).toBeGreaterThan(0);
  return out;
}

/** Metres between two points (equirectangular: fine at these distances, and the same for every hit). */
function metres(a: { latitude: number; longitude: number }, at: string): number {
  const [lat, lon] = at.split(",").map(Number);
  const x = ((a.longitude - lon) * Math.PI) / 180 * Math.cos((((a.latitude + lat) / 2) * Math.PI) / 180);
  const y = ((a.latitude - lat) * Math.PI) / 180;
  return Math.hypot(x, y) * 6_371_000;
}

/** Every hit of a search, page by page of `size`: the keys in order and the aantalHits of each page. */
async function allPages(what: Search, text: string, size: number, key: (hit: Json) => string): Promise<{ keys: string[]; totals: number[] }> {
  const keys: string[] = [];
  const totals: number[] = [];
  for (let start = 0; ; start += size) {
    const body = await search(what, text, `startIndex=${start}&maxAantalHits=${size}`);
    totals.push(body.aantalHits);
    const items = body[what] as Json[];
    keys.push(...items.map(key));
    const rels = (body.links as Json[]).map((l) => l.rel);
    if (start + size < body.aantalHits) {
      expect(items.length).toBe(size);
      expect(body.links.find((l: Json) => l.rel === "volgende").url).toContain(`startIndex=${start + size}`);
    } else {
      expect(rels).not.toContain("volgende");
      return { keys, totals };
    }
  }
}

describe("E7 stop search - the first hit", () => {
  const doleeg = () => stopsNamed("Heverlee Doleeg");
  const cases: Array<[label: string, text: string, expected: () => string[]]> = [
    ["exact", "Heverlee Doleeg", doleeg],
    ["exact, other case", "HEVERLEE DOLEEG", doleeg],
    ["prefix (the last word typed half)", "heverlee dol", doleeg],
    ["prefix of a single word", "middelaresk", () => stopsNamed("Leuven O.L.V.Middelareskerk")],
    ["typo: one letter wrong in a word of 6", "heverlee dolaeg", doleeg],
    ["typo: two letters swapped (one edit)", "hevrelee doleeg", doleeg],
    ["typos: two in a word of 8 or more", "Gasthuisbrg Campsu", () => stopsNamed("Leuven Gasthuisberg Campus")],
    ["shuffled words", "doleeg heverlee", doleeg],
    ["the municipality as one of the words", "leuven doleeg", doleeg],
    ["abbreviated in the name, written out in the query", "Leuven Onze-Lieve-Vrouw Middelareskerk", () => stopsNamed("Leuven O.L.V.Middelareskerk")],
    ["written out in the name, abbreviated in the query", "Leuven Stat. perron 5", () => stopsNamed("Leuven Station perron 5")],
    ["str. for straat", "Wilsele Weggevoerdenstraat", () => stopsNamed("Wilsele Weggevoerdenstr.")],
    ["accents typed that the name has not", "Hévérlée Dolééǵ", doleeg],
    ["hyphens and punctuation", "heverlee-doleeg!", doleeg],
    ["a stop number typed whole", "300484", () => ["3_300484"]],
  ];
  for (const [label, text, expected] of cases) {
    it(`first hit - ${label}: ${text}`, async () => {
      const body = await search("haltes", text);
      expect(body.aantalHits).toBeGreaterThan(0);
      expect(expected(), JSON.stringify(body.haltes.slice(0, 3).map((h: Json) => h.omschrijvingLang))).toContain(stopKey(body.haltes[0]));
    });
  }

  it("a stop hit is the core's stop: every field of /haltes/{e}/{h} but its links, which lead there", async () => {
    const hit = await firstStop("300484");
    const res = await app.inject({ url: hit.links[0].url.slice(ORIGIN.length), headers: KEY });
    expect(res.statusCode).toBe(200);
    const { links: _a, ...stop } = res.json();
    const { links, ...fields } = hit;
    expect(fields).toEqual(stop);
    expect(links).toEqual([{ rel: "detail", url: `${ORIGIN}/DLKernOpenData/api/v1/haltes/3/300484` }]);
    expect(fields).toMatchObject({ omschrijving: "Doleeg", omschrijvingLang: "Heverlee Doleeg", gemeentenummer: 24062, omschrijvingGemeente: "Leuven", districtCode: "LV", taal: "NEDERLANDS" });
  });
});

describe("E9 line-direction search", () => {
  it("a line number finds that line's directions first: line 2 near Leuven is Leuven's, near Antwerpen Antwerpen's", async () => {
    const near = async (at: string) => (await search("lijnrichtingen", "2", `huidigePositie=${at}`)).lijnrichtingen.slice(0, 2) as Json[];
    const leuven = await near(AT.leuven);
    expect(leuven.map((l) => [l.entiteitnummer, l.lijnNummerPubliek])).toEqual([["3", "2"], ["3", "2"]]);
    expect(leuven.map((l) => l.richting).sort()).toEqual(["HEEN", "TERUG"]);
    const antwerpen = await near(AT.antwerpen);
    expect(antwerpen.map((l) => [l.entiteitnummer, l.lijnNummerPubliek])).toEqual([["1", "2"], ["1", "2"]]);
  });

  it("by description, destination and the places served; a hit is the core's line direction", async () => {
    const body = await search("lijnrichtingen", "heverlee");
    expect(body.aantalHits).toBeGreaterThan(0);
    const hit = body.lijnrichtingen[0];
    const res = await app.inject({ url: hit.links[0].url.slice(ORIGIN.length), headers: KEY });
    expect(res.statusCode).toBe(200);
    const { links: _, ...direction } = res.json();
    const { links, ...fields } = hit;
    expect(fields).toEqual(direction);
    expect(links.map((l: Json) => l.rel)).toEqual(["detail"]);
  });
});

describe("huidigePositie - nearer first among equal matches", () => {
  it("E7 'station': near Leuven station a Leuven platform first, near Mechelen Mechelen's; hits of one tier by distance", async () => {
    const near = async (at: string) => (await search("haltes", "station", `huidigePositie=${at}`)).haltes as Json[];
    const leuven = await near(AT.leuven);
    expect(leuven[0].omschrijvingLang).toMatch(/^Leuven Station perron \d+$/);
    const distances = leuven.map((h) => metres(h.geoCoordinaat, AT.leuven));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const mechelen = await near(AT.mechelen);
    expect(mechelen[0].omschrijvingLang).toBe("Mechelen Station");
    expect(metres(mechelen[0].geoCoordinaat, AT.mechelen)).toBeLessThan(100);
  });
});

describe("paging and aantalHits", () => {
  const cases: Array<[Search, string, (hit: Json) => string]> = [
    ["haltes", "leuven", stopKey],
    ["lijnrichtingen", "leuven", (l) => `${l.entiteitnummer}_${l.lijnnummer}_${l.richting}`],
    ["locaties", "sint", (l) => `${l.subtype}|${l.omschrijving}|${l.geoCoordinaat.latitude},${l.geoCoordinaat.longitude}`],
  ];
  for (const [what, text, key] of cases) {
    it(`${what} '${text}' - pages of 7 and of 100 list the same hits in the same order, each once, aantalHits of them`, async () => {
      const small = await allPages(what, text, 7, key);
      const large = await allPages(what, text, 100, key);
      const total = small.totals[0];
      expect(total).toBeGreaterThan(14);
      expect(new Set([...small.totals, ...large.totals])).toEqual(new Set([total]));
      expect(small.keys.length).toBe(total);
      expect(new Set(small.keys).size).toBe(total);
      expect(small.keys).toEqual(large.keys);
    });
  }

  it("aantalHits counts every match whatever the page; past the end an empty page, linking back", async () => {
    const first = await search("haltes", "leuven");
    expect(first.haltes).toHaveLength(10);
    const total = first.aantalHits;
    const past = await search("haltes", "leuven", `startIndex=${total + 5}&maxAantalHits=3`);
    expect(past).toEqual({
      aantalHits: total,
      haltes: [],
      links: [
        { rel: "self", url: `${ORIGIN}${V1}/zoek/haltes/leuven?startIndex=${total + 5}&maxAantalHits=3` },
        { rel: "vorige", url: `${ORIGIN}${V1}/zoek/haltes/leuven?maxAantalHits=3&startIndex=${total - 3}` },
      ],
    });
    const last = await search("haltes", "leuven", `startIndex=${total - 1}`);
    expect([last.aantalHits, last.haltes.length]).toEqual([total, 1]);
    expect(await search("haltes", "qqqxqqq")).toEqual({
      aantalHits: 0,
      haltes: [],
      links: [{ rel: "self", url: `${ORIGIN}${V1}/zoek/haltes/qqqxqqq` }],
    });
  });

  it("links - self without the subscription key, vorige and volgende keep the other parameters as written", async () => {
    const body = await search("haltes", "leuven", `huidigePositie=${AT.leuven}&startIndex=12&maxAantalHits=5&subscription-key=${TEST_KEY}`);
    expect(body.links).toEqual([
      { rel: "self", url: `${ORIGIN}${V1}/zoek/haltes/leuven?huidigePositie=${AT.leuven}&startIndex=12&maxAantalHits=5` },
      { rel: "vorige", url: `${ORIGIN}${V1}/zoek/haltes/leuven?huidigePositie=${AT.leuven}&maxAantalHits=5&startIndex=7` },
      { rel: "volgende", url: `${ORIGIN}${V1}/zoek/haltes/leuven?huidigePositie=${AT.leuven}&maxAantalHits=5&startIndex=17` },
    ]);
  });
});

describe("E8 location search - every location type", () => {
  /** The first hit of `subtype` among the first ten for `text`. */
  async function hitOf(text: string, subtype: string): Promise<Json> {
    const body = await search("locaties", text);
    const hit = (body.locaties as Json[]).find((l) => l.subtype === subtype);
    expect(hit, `${subtype} for ${text}: ${JSON.stringify(body.locaties.map((l: Json) => [l.subtype, l.omschrijving]))}`).toBeDefined();
    return hit!;
  }

  it("hoofdgemeente - Leuven, type adres, with its sub-municipalities, linking to the municipality", async () => {
    const body = await search("locaties", "Leuven");
    expect(body.locaties[0]).toEqual({
      type: "adres",
      subtype: "hoofdgemeente",
      omschrijving: "Leuven",
      hoofdgemeente: "Leuven",
      deelgemeentes: ["Leuven", "Wilsele", "Kessel-Lo", "Wijgmaal", "Heverlee"],
      geoCoordinaat: { latitude: 50.87961, longitude: 4.70494 },
      links: [
        { rel: "detail", url: `${ORIGIN}/DLKernOpenData/api/v1/gemeenten/24062` },
        { rel: "indebuurt", url: `${ORIGIN}/DLKernOpenData/api/v1/haltes/indebuurt/50.87961,4.70494` },
      ],
    });
  });

  it("deelgemeente - Heverlee, in Leuven", async () => {
    expect(await hitOf("Heverlee", "deelgemeente")).toMatchObject({
      type: "adres",
      omschrijving: "Heverlee",
      deelgemeentes: ["Heverlee"],
      hoofdgemeente: "Leuven",
      links: [{ rel: "gemeente", url: `${ORIGIN}/DLKernOpenData/api/v1/gemeenten/24062` }, { rel: "indebuurt" }],
    });
  });

  it("station - Gent-Sint-Pieters, typed without hyphens and abbreviated", async () => {
    for (const text of ["gent sint pieters", "Gent St. Pieters"]) {
      const body = await search("locaties", text);
      expect(body.locaties[0], text).toMatchObject({ type: "station", subtype: "station", omschrijving: "Gent-Sint-Pieters", hoofdgemeente: "Gent" });
    }
  });

  it("halte - Heverlee Doleeg, with its number and a link to the stop", async () => {
    const hit = await hitOf("heverlee doleeg", "halte");
    expect(hit).toMatchObject({ type: "halte", entiteitnummer: "3", omschrijving: "Heverlee Doleeg", hoofdgemeente: "Leuven" });
    expect(["300483", "300484"]).toContain(hit.haltenummer);
    expect(hit.links).toEqual([{ rel: "detail", url: `${ORIGIN}/DLKernOpenData/api/v1/haltes/3/${hit.haltenummer}` }]);
  });

  it("accents - Congrès finds the station Brussel-Congres/Bruxelles-Congrès, and Congres too", async () => {
    for (const text of ["Congrès", "congres"]) {
      expect((await search("locaties", text)).locaties[0], text).toMatchObject({ subtype: "station", omschrijving: "Brussel-Congres/Bruxelles-Congrès" });
    }
  });

  it("straat - Bondgenotenlaan, the street and not its addresses; Kerkstraat by its municipality", async () => {
    const body = await search("locaties", "bondgenotenlaan");
    expect(body.locaties[0]).toMatchObject({
      type: "adres",
      subtype: "straat",
      omschrijving: "Bondgenotenlaan",
      straat: "Bondgenotenlaan",
      hoofdgemeente: "Leuven",
      postcode: "3000",
    });
    expect(body.locaties[0]).not.toHaveProperty("huisnummer");
    expect(body.locaties.filter((l: Json) => l.subtype === "adres")).toEqual([]);
    // Six streets named Kerkstraat: the municipality typed picks one (a stop named Kerkstraat there may come first).
    for (const town of ["Aalst", "Herent", "Lubbeek", "Antwerpen"]) {
      const streets = (await search("locaties", `kerkstraat ${town}`)).locaties.filter((l: Json) => l.subtype === "straat");
      expect(streets.map((l: Json) => [l.straat, l.hoofdgemeente]), town).toEqual([["Kerkstraat", town]]);
    }
  });

  it("adres - Bondgenotenlaan 12 Leuven, and a box: Bondgenotenlaan 8 bus 2", async () => {
    expect((await search("locaties", "bondgenotenlaan 12 leuven")).locaties[0]).toMatchObject({
      type: "adres",
      subtype: "adres",
      omschrijving: "Bondgenotenlaan 12",
      straat: "Bondgenotenlaan",
      huisnummer: "12",
      hoofdgemeente: "Leuven",
      postcode: "3000",
    });
    expect((await search("locaties", "Bondgenotenlaan 8 bus 2")).locaties[0]).toMatchObject({
      subtype: "adres",
      omschrijving: "Bondgenotenlaan 8 bus 2",
      huisnummer: "8 bus 2",
    });
  });

  it("herkenningspunt - M Leuven, a museum; UZ Leuven Gasthuisberg, a hospital", async () => {
    expect((await search("locaties", "M Leuven")).locaties[0]).toMatchObject({
      type: "herkenningspunt",
      subtype: "herkenningspunt",
      omschrijving: "M Leuven",
      categorie: "museum",
      hoofdgemeente: "Leuven",
      geoCoordinaat: { latitude: 50.87757, longitude: 4.70358 },
    });
    expect((await search("locaties", "uz gasthuisberg")).locaties[0]).toMatchObject({ subtype: "herkenningspunt", omschrijving: "UZ Leuven Gasthuisberg" });
  });

  it("every place kind the demo holds is found by its name, its municipality and (for an address) its number", async () => {
    const found: string[] = [];
    for (const [k, kind] of PLACE_KINDS.entries()) {
      let place = -1;
      for (let p = 0; p < net.places.count && place < 0; p++) if (net.places.kind[p] === k) place = p;
      if (place < 0) continue;
      const name = net.strings.get(net.places.name[place]);
      const number = net.strings.get(net.places.houseNumber[place]);
      const municipality = net.strings.get(net.places.municipalityName[place]);
      const inName = name.toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(municipality.toLowerCase());
      const text = [name, number, inName ? "" : municipality].filter(Boolean).join(" ");
      const hit = await hitOf(text, kind);
      expect(hit.geoCoordinaat).toEqual({ latitude: net.places.lat[place], longitude: net.places.lon[place] });
      for (const link of hit.links as Json[]) {
        expect((await app.inject({ url: link.url.slice(ORIGIN.length), headers: KEY })).statusCode, link.url).toBe(200);
      }
      found.push(kind);
    }
    expect(found).toEqual([...PLACE_KINDS]);
  });
});

describe("bad input", () => {
  const SEARCHES: Search[] = ["haltes", "lijnrichtingen", "locaties"];
  const bad: Array<[label: string, path: string, message: string]> = [
    ["no argument", "", "parameter zoekArgument is missing: give the text to search for, 1 to 200 characters and not only blanks"],
    ["only blanks", "%20%20%09", 'zoekArgument "  \t" is invalid: give the text to search for, 1 to 200 characters and not only blanks'],
    ["201 characters", "x".repeat(201), `zoekArgument "${"x".repeat(64)}…" (201 characters) is invalid: give the text to search for, 1 to 200 characters and not only blanks`],
    ["malformed percent-encoding", "leuven%ZZ", "holds malformed percent-encoding"],
    ["huidigePositie malformed", "leuven?huidigePositie=50.88", 'huidigePositie "50.88" is invalid: give <latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005'],
    ["huidigePositie not a number", "leuven?huidigePositie=abc,def", 'huidigePositie "abc,def" is invalid'],
    ["huidigePositie latitude out of range", "leuven?huidigePositie=91,4.7", 'huidigePositie "91,4.7": latitude 91 is out of range, it must lie from -90 to 90'],
    ["huidigePositie longitude out of range", "leuven?huidigePositie=50.8,181", 'huidigePositie "50.8,181": longitude 181 is out of range, it must lie from -180 to 180'],
    ["startIndex negative", "leuven?startIndex=-1", 'startIndex "-1" is invalid: give the position of the first hit, a whole number from 0'],
    ["startIndex not whole", "leuven?startIndex=1.5", 'startIndex "1.5" is invalid'],
    ["startIndex above int32", "leuven?startIndex=2147483648", 'startIndex "2147483648" is invalid'],
    ["maxAantalHits 0", "leuven?maxAantalHits=0", 'maxAantalHits "0" is invalid: give a whole number from 1 to 100'],
    ["maxAantalHits above 100", "leuven?maxAantalHits=101", 'maxAantalHits "101" is invalid: give a whole number from 1 to 100'],
    ["maxAantalHits not whole", "leuven?maxAantalHits=2.5", 'maxAantalHits "2.5" is invalid'],
    ["maxAantalHits twice", "leuven?maxAantalHits=5&maxAantalHits=6", "query parameter maxAantalHits is given 2 times"],
  ];
  for (const [label, path, message] of bad) {
    it(`400 - ${label}`, async () => {
      for (const what of SEARCHES) {
        for (const family of [V1, BETA]) {
          const res = await app.inject({ url: `${family}/zoek/${what}/${path}`, headers: KEY });
          expect(res.statusCode, `${what} ${path}`).toBe(400);
          expect(res.json().statusCode).toBe(400);
          expect(res.json().message).toContain(message);
        }
      }
    });
  }

  it("200 - the limits themselves: 200 characters, 200 emoji, startIndex 0 and int32, maxAantalHits 1 and 100", async () => {
    for (const what of SEARCHES) {
      for (const [text, query] of [
        ["x".repeat(200), ""],
        ["🚌".repeat(200), ""],
        ["leuven", "startIndex=0&maxAantalHits=1"],
        ["leuven", "startIndex=2147483647&maxAantalHits=100"],
        ["leuven", `huidigePositie=${encodeURIComponent(" 50.88 , 4.70 ")}`],
      ] as const) {
        const body = await search(what, text, query);
        expect(body[what].length, `${what} ${text.slice(0, 10)} ${query}`).toBeLessThanOrEqual(query.includes("maxAantalHits=1&") || query.endsWith("maxAantalHits=1") ? 1 : 100);
      }
    }
  });

  it("text, never an error: %, *, quotes, backslash, brackets, emoji, markup, control characters", async () => {
    const texts = ["%", "100%", "*", "leuv*", '"leuven"', "'s-Gravenwezel", "O'Brien", "\\", "(.*)[]{}^$|?+", "🚌", "leuven 🚌", "<script>alert(1)</script>", "' OR 1=1 --", "a\u0000b", "\u200b", "ǅ", "ß", "İstanbul"];
    for (const what of SEARCHES) {
      for (const text of texts) {
        const body = await search(what, text);
        expect(body.aantalHits, `${what} ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(0);
        expect(body[what].length).toBe(Math.min(10, body.aantalHits));
      }
    }
    expect((await search("haltes", '"leuven"')).aantalHits).toBe((await search("haltes", "leuven")).aantalHits);
  });

  it("401 - the core part's subscription keys: none or a wrong one is the same 401, before any validation", async () => {
    for (const headers of [{}, { "ocp-apim-subscription-key": "wrong" }]) {
      const res = await app.inject({ url: `${V1}/zoek/haltes/%20`, headers });
      expect(res.statusCode).toBe(401);
    }
    expect((await app.inject({ url: `${V1}/zoek/haltes/leuven?subscription-key=${TEST_KEY}` })).statusCode).toBe(200);
  });
});

describe("warm indexes", () => {
  it("buildApp builds the network's search indexes, so that the first search does not (a build takes ~100 ms on the demo)", async () => {
    // A network object of its own: the suite's network is warm already.
    const fresh = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
    const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" });
    const warmApp = await buildApp({ network: staticNetworkSource(fresh), config, clock: () => SUITE_NOW_MS });
    try {
      const started = performance.now();
      const indexes = searchIndexesOf(fresh);
      indexes.stops();
      indexes.lineDirections();
      indexes.locations();
      expect(performance.now() - started).toBeLessThan(5);
    } finally {
      await warmApp.close();
    }
  });
});
