/**
 * E7, E8, E9 on networks in English, French and German over HTTP (docs/COMPATIBILITY.md S10, S22, S23;
 * docs/DATASET_EXTENSIONS.md "Texts in the feed's language"): what people type finds the names that abbreviate it,
 * a stop's own name ranks before another station's platforms whose suffix names it, a station's platforms come
 * together, and the import's words are in the feed's language and found in every language.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { GtfsFeed } from "../../../src/gtfs/types.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import { TEST_KEY } from "../support/server.js";
import { englishFeed, frenchFeed, germanFeed } from "./support/foreign-feeds.js";

// biome-ignore lint: JSON answers
type Json = Record<string, any>;

const V1 = "/DLZoekOpenData/v1";
const KEY = { "ocp-apim-subscription-key": TEST_KEY };

/** The app over one feed, and a search that answers the omschrijvingLang (or label) of each hit. */
function searchApp(make: () => GtfsFeed) {
  const ctx: { app?: FastifyInstance } = {};
  beforeAll(async () => {
    const net = compileNetwork([{ feed: make(), profile: "generic" }]);
    ctx.app = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" }) });
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  const answer = async (what: string, text: string): Promise<Json> => {
    const res = await ctx.app!.inject({ url: `${V1}/zoek/${what}/${encodeURIComponent(text)}`, headers: KEY });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json();
  };
  return {
    stops: async (text: string) => ((await answer("haltes", text)).haltes as Json[]).map((h) => h.omschrijvingLang),
    locations: async (text: string) => ((await answer("locaties", text)).locaties as Json[]).map((l) => `${l.type}|${l.omschrijving}`),
    directions: async (text: string) => ((await answer("lijnrichtingen", text)).lijnrichtingen as Json[]).map((d) => `${d.lijnNummerPubliek}|${d.bestemming}`),
  };
}

describe("search in English (feed_lang en)", () => {
  const s = searchApp(englishFeed);

  it("E7 - twin platforms are named in English, and found by the Dutch word too", async () => {
    // Then the platforms whose suffix names it, last.
    expect(await s.stops("times square")).toEqual([
      "Times Sq-42 St towards South Ferry",
      "Times Sq-42 St arrivals",
      "Rector St towards Times Sq-42 St",
      "South Ferry towards Times Sq-42 St",
    ]);
    expect(await s.stops("rector st richting south ferry")).toEqual(["Rector St towards South Ferry"]);
  });
  it("E7 - the stop's own name before a platform whose suffix names it, busier though it is; one station's platforms together", async () => {
    // South Ferry's platforms by their activity (six trips end there, two start); then the two stations (as busy as
    // each other, so by name) whose platforms go there.
    expect(await s.stops("south ferry")).toEqual([
      "South Ferry arrivals",
      "South Ferry towards Times Sq-42 St",
      "Rector St towards South Ferry",
      "Times Sq-42 St towards South Ferry",
    ]);
  });
  it("E7 - written out, an indexed abbreviation matches: Sq, Ctr, Pk, Hts, Av", async () => {
    expect((await s.stops("barclays center"))[0]).toBe("Atlantic Av-Barclays Ctr");
    expect((await s.stops("bryant park"))[0]).toBe("42 St-Bryant Pk");
    expect((await s.stops("jackson heights roosevelt avenue"))[0]).toBe("Jackson Hts-Roosevelt Av");
    expect((await s.stops("atlantic ave"))[0]).toBe("Atlantic Av-Barclays Ctr");
  });
  it("E7 - ordinals are their numbers: 42nd street", async () => {
    expect((await s.stops("42nd street bryant park"))[0]).toBe("42 St-Bryant Pk");
  });
  it("E8 - a location search finds the stop by its written-out name", async () => {
    expect((await s.locations("barclays center"))[0]).toBe("halte|Atlantic Av-Barclays Ctr");
  });
  it("E9 - a line direction by its destination written out", async () => {
    expect((await s.directions("jackson heights"))[0]).toBe("7|Jackson Hts-Roosevelt Av");
  });
});

describe("search in French (feed_lang fr-BE)", () => {
  const s = searchApp(frenchFeed);

  it("E7 - platforms by platform_code are quais, by destination `direction`; perron finds a quai", async () => {
    expect(await s.stops("gare du midi")).toEqual(["Gare du Midi quai 1", "Gare du Midi quai 2", "Montgomery direction Gare du Midi"]);
    expect(await s.stops("gare du midi perron 2")).toEqual(["Gare du Midi quai 2"]);
    expect(await s.stops("montgomery")).toEqual(["Montgomery direction Stockel", "Montgomery direction Gare du Midi"]);
  });
  it("E7 - boulevard, place, avenue, saint written out; 2ème for 2e", async () => {
    expect((await s.stops("boulevard anspach"))[0]).toBe("Bd Anspach");
    expect((await s.stops("place flagey"))[0]).toBe("Pl. Flagey");
    expect((await s.stops("avenue louise"))[0]).toBe("Av. Louise");
    expect((await s.stops("saint guidon"))[0]).toBe("St-Guidon");
    expect((await s.stops("rue du 2ème régiment"))[0]).toBe("Rue du 2e Régiment");
  });
  it("E8 - place flagey", async () => {
    expect((await s.locations("place flagey"))[0]).toBe("halte|Pl. Flagey");
  });
  it("E9 - a line direction by its destination", async () => {
    expect((await s.directions("gare midi"))[0]).toBe("1|Gare du Midi");
  });
});

describe("search in German (agency_lang de, no feed_info)", () => {
  const s = searchApp(germanFeed);

  it("E7 - platforms are named `Richtung`, found by `richting` and `towards` too", async () => {
    expect(await s.stops("hauptbahnhof")).toEqual(["Hauptbahnhof Richtung St. Georg", "Hauptbahnhof Richtung Messe"]);
    expect(await s.stops("hauptbahnhof towards messe")).toEqual(["Hauptbahnhof Richtung Messe"]);
  });
  it("E7 - Straße, Platz and Sankt written out find Str., Pl. and St.", async () => {
    expect((await s.stops("kaiserstraße"))[0]).toBe("Kaiserstr.");
    expect((await s.stops("berliner platz"))[0]).toBe("Berliner Pl.");
    expect((await s.stops("sankt georg"))[0]).toBe("St. Georg");
  });
  it("E9 - a line direction by its destination written out", async () => {
    expect((await s.directions("sankt georg"))[0]).toBe("U4|St. Georg");
  });
});
