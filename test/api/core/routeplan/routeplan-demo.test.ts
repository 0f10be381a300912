/**
 * E1 on the demo network of Flanders (Tuesday 2026-03-10, a school day, and Saturday 2026-03-14), over HTTP: route plans
 * within and between Leuven, Antwerpen, Gent and Aalst at several times of day, paging, LAATSTE, arrive-by and walking
 * only. Every itinerary is checked for consistency (steps that follow each other in time, transfers, durations); a few
 * are pinned whole.
 *
 * The snelbus lines (src/demo/express-lines.ts) join the regional networks: between the stations of Leuven, Antwerpen,
 * Gent and Aalst, every pair both ways, on the weekday and the Saturday, at 07:00, 08:00, 12:00, 17:00 and 21:00, the
 * first page holds an itinerary, the first of them leaving within an hour of the time asked and every one of them
 * taking under 2 h 30 (directly, or with one change at Gent, Aalst or Leuven). At 21:00 the first may leave later (the
 * evening service is hourly, and a pair that needs a change may have to wait for the next morning), so only the
 * length is checked then. test/demo/demo-connectivity.test.ts checks that every part of the network can be reached.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import { TEST_KEY } from "../../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../../support/suite-network.js";

type Json = Record<string, any>;

const PLACES = {
  leuvenStation: "50.8812,4.7157",
  heverlee: "50.8625,4.6855",
  antwerpenCentraal: "51.2172,4.4211",
  antwerpenZuid: "51.1979,4.3902",
  gentSintPieters: "51.0357,3.7106",
  gentKorenmarkt: "51.0545,3.7214",
  aalstStation: "50.9428,4.0397",
} as const;
type Place = keyof typeof PLACES;
const DAY = "2026-03-10";
const SATURDAY = "2026-03-14";
const STATIONS = ["leuvenStation", "antwerpenCentraal", "gentSintPieters", "aalstStation"] as const;

let app: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" });
  app = await buildApp({ network: staticNetworkSource(await suiteNetwork()), config, clock: () => SUITE_NOW_MS });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function get(path: string): Promise<Json> {
  const res = await app.inject({ url: path, headers: { "ocp-apim-subscription-key": TEST_KEY } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
}

async function plan(from: Place, to: Place, query: string): Promise<Json> {
  const body = await get(`/DLKernOpenData/v1/beta/routeplan/${PLACES[from]}/${PLACES[to]}?${query}`);
  checkConsistent(body);
  return body;
}

const seconds = (iso: string) => {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso)!;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
};
/** Wall-clock difference in seconds (no DST change on the days used here). */
const between = (a: string, b: string) => (Date.parse(`${b}Z`) - Date.parse(`${a}Z`)) / 1000;

/** What holds for every itinerary, whatever the query. */
function checkConsistent(body: Json): void {
  const its: Json[] = body.reiswegen;
  if (its.length === 0) return;
  expect(its.filter((r) => r.bestpassend)).toHaveLength(1);
  for (const r of its) {
    const steps: Json[] = r.reiswegStappen;
    expect(steps.length).toBeGreaterThan(0);
    expect(steps[0].duurtijd.start).toBe(r.duurtijd.start);
    expect(steps.at(-1)!.duurtijd.einde).toBe(r.duurtijd.einde);
    expect(seconds(r.duurtijd.duurtijd)).toBe(between(r.duurtijd.start, r.duurtijd.einde));
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      expect(seconds(s.duurtijd.duurtijd)).toBe(between(s.duurtijd.start, s.duurtijd.einde));
      if (i > 0) {
        expect(s.duurtijd.start).toBe(steps[i - 1].duurtijd.einde);
        expect(s.vertrekPunt.id).toBe(steps[i - 1].aankomstPunt.id);
      }
      if (s.type === "VOERTUIG") {
        expect(s.vertrekDoorkomst.haltenummer).toBe(s.vertrekPunt.id);
        expect(s.aankomstDoorkomst.haltenummer).toBe(s.aankomstPunt.id);
        expect(s.vertrekDoorkomst.ritnummer).toBe(s.ritnummer);
        expect(s.links.map((l: Json) => l.rel)).toEqual(["lijnrichting", "rit"]);
      }
      if (s.type === "WACHTEN") expect(s.vertrekPunt.id).toBe(s.aankomstPunt.id);
    }
    expect(r.overstappen).toBe(Math.max(0, steps.filter((s) => s.type === "VOERTUIG").length - 1));
  }
}

/** "08:01-08:29 0* 586" per itinerary: times, transfers, best, the public line numbers ridden ("walk" for none). */
function summary(body: Json): string[] {
  return body.reiswegen.map((r: Json) => {
    const lines = r.reiswegStappen.filter((s: Json) => s.type === "VOERTUIG").map((s: Json) => s.lijnrichting.lijnNummerPubliek);
    return `${r.duurtijd.start.slice(11, 16)}-${r.duurtijd.einde.slice(11, 16)} ${r.overstappen}${r.bestpassend ? "*" : ""} ${lines.join(">") || "walk"}`;
  });
}

describe("E1 on the demo network", () => {
  it("routeplan demo - Leuven station to Heverlee at four times of day", async () => {
    const at = async (time: string) => summary(await plan("leuvenStation", "heverlee", `tijdstip=${DAY}T${time}`));
    expect(await at("08:00:00")).toEqual(["08:01-08:29 0* 586", "08:06-08:31 0 2", "08:09-08:38 1 3>9"]);
    for (const time of ["06:30:00", "13:00:00", "18:00:00", "22:30:00"]) {
      const list = await at(time);
      expect(list.length, time).toBeGreaterThanOrEqual(3);
      expect(list.length, time).toBeLessThanOrEqual(5);
    }
  });

  it("routeplan demo - one itinerary whole: stops with links, the line direction, the trip, walks at both ends", async () => {
    const body = await plan("leuvenStation", "heverlee", `tijdstip=${DAY}T08:00:00`);
    const r = body.reiswegen[0];
    expect(r.reiswegStappen.map((s: Json) => `${s.type} ${s.vertrekPunt.naam} > ${s.aankomstPunt.naam} ${s.duurtijd.duurtijd}`)).toEqual([
      "WANDELEN Vertrekpunt > Leuven Station perron 15 PT4M55S",
      "VOERTUIG Leuven Station perron 15 > Heverlee Kloosterlaan PT17M",
      "WANDELEN Heverlee Kloosterlaan > Bestemming PT6M54S",
    ]);
    const ride = r.reiswegStappen.find((s: Json) => s.type === "VOERTUIG");
    // Every link of the ride answers.
    for (const l of [...ride.links, ...ride.vertrekPunt.links, ...ride.aankomstPunt.links, ...ride.lijnrichting.links]) {
      const res = await app.inject({ url: new URL(l.url).pathname + new URL(l.url).search, headers: { "ocp-apim-subscription-key": TEST_KEY } });
      expect(res.statusCode, l.url).toBe(200);
    }
  });

  it("routeplan demo - within Antwerpen and within Gent, by tram", async () => {
    const antwerpen = await plan("antwerpenCentraal", "antwerpenZuid", `tijdstip=${DAY}T08:00:00`);
    expect(summary(antwerpen)).toEqual(["08:00-08:22 1* 11>24", "08:01-08:28 0 1", "08:04-08:29 0 6"]);
    expect(antwerpen.reiswegen[1].reiswegStappen.find((s: Json) => s.type === "VOERTUIG").vervoertype).toBe("TRAM");
    expect(summary(await plan("gentSintPieters", "gentKorenmarkt", `tijdstip=${DAY}T13:00:00`))).toEqual([
      "13:10-13:23 0* 4",
      "13:13-13:27 0 1",
      "13:30-13:43 0 4",
    ]);
  });

  it("routeplan demo - Aalst and Leuven, both ways, morning and afternoon: the snelbus, direct", async () => {
    expect(summary(await plan("aalstStation", "leuvenStation", `tijdstip=${DAY}T06:30:00`))).toEqual([
      "06:33-07:35 0* 853",
      "07:03-08:14 0 853",
      "07:33-08:44 0 853",
    ]);
    const back = summary(await plan("leuvenStation", "aalstStation", `tijdstip=${DAY}T13:00:00`));
    expect(back).toEqual(["13:03-14:05 0* 853", "13:33-14:35 0 853", "14:03-15:05 0 853"]);
  });

  it("routeplan demo - Leuven to Antwerpen whole: a walk to the perron, the snelbus 850 by Mechelen, a walk", async () => {
    const body = await plan("leuvenStation", "antwerpenCentraal", `tijdstip=${DAY}T08:00:00`);
    expect(summary(body)).toEqual(["08:01-09:00 0* 850", "08:31-09:30 0 850", "09:01-09:53 0 850"]);
    const r = body.reiswegen[0];
    expect(r.duurtijd).toEqual({ start: `${DAY}T08:01:24`, einde: `${DAY}T09:00:10`, duurtijd: "PT58M46S" });
    expect(r.reiswegStappen.map((s: Json) => `${s.type} ${s.vertrekPunt.naam} > ${s.aankomstPunt.naam} ${s.aankomstPunt.afstand} m ${s.duurtijd.duurtijd}`)).toEqual([
      "WANDELEN Vertrekpunt > Leuven Station perron 1 91 m PT1M36S",
      "VOERTUIG Leuven Station perron 1 > Antwerpen Station Centraal 44792 m PT57M",
      "WANDELEN Antwerpen Station Centraal > Bestemming 9 m PT10S",
    ]);
    const ride = r.reiswegStappen[1];
    expect(ride.vervoertype).toBe("BUS");
    expect(ride.lijnrichting).toMatchObject({
      entiteitnummer: "3",
      lijnnummer: "850",
      lijnNummerPubliek: "850",
      richting: "HEEN",
      bestemming: "Antwerpen",
    });
    expect(ride.ritnummer).toBe("1009");
    expect(ride.vertrekDoorkomst).toMatchObject({ haltenummer: "303124", dienstregelingTijdstip: `${DAY}T08:03:00` });
    expect(ride.aankomstDoorkomst).toMatchObject({ haltenummer: "100454", dienstregelingTijdstip: `${DAY}T09:00:00` });
    // Every link of the ride answers; the trip's own calls at Mechelen Station on the way, and only there.
    for (const l of [...ride.links, ...ride.vertrekPunt.links, ...ride.aankomstPunt.links, ...ride.lijnrichting.links]) {
      const res = await app.inject({ url: new URL(l.url).pathname + new URL(l.url).search, headers: { "ocp-apim-subscription-key": TEST_KEY } });
      expect(res.statusCode, l.url).toBe(200);
    }
    const rit = ride.links.find((l: Json) => l.rel === "rit").url as string;
    const passages: Json[] = (await get(new URL(rit).pathname + new URL(rit).search)).ritDoorkomsten[0].doorkomsten;
    expect(passages.map((d) => `${d.haltenummer} ${d.dienstregelingTijdstip.slice(11, 16)}`)).toEqual(["303124 08:03", "100314 08:32", "100454 09:00"]);
  });

  for (const day of [DAY, SATURDAY]) {
    it(`routeplan demo - between the stations of Leuven, Antwerpen, Gent and Aalst, both ways, at five times of ${day}`, async () => {
      for (const from of STATIONS) {
        for (const to of STATIONS) {
          if (from === to) continue;
          for (const time of ["07:00:00", "08:00:00", "12:00:00", "17:00:00", "21:00:00"]) {
            const asked = `${day}T${time}`;
            const what = `${from} -> ${to} at ${asked}`;
            const its: Json[] = (await plan(from, to, `tijdstip=${asked}`)).reiswegen;
            expect(its.length, what).toBeGreaterThan(0);
            if (time !== "21:00:00") expect(between(asked, its[0].duurtijd.start), what).toBeLessThanOrEqual(3600);
            for (const r of its) expect(seconds(r.duurtijd.duurtijd), `${what}: ${r.duurtijd.start}`).toBeLessThan(2.5 * 3600);
          }
        }
      }
    });
  }

  it("routeplan demo - LATER three times and VROEGER back: no itinerary twice, every departure later than the one before", async () => {
    let page = await plan("leuvenStation", "heverlee", `tijdstip=${DAY}T08:00:00`);
    const seen: string[] = [...summary(page)];
    const departures = page.reiswegen.map((r: Json) => r.duurtijd.start);
    for (let i = 0; i < 3; i++) {
      const later = page.links.find((l: Json) => l.rel === "later").url as string;
      page = await get(new URL(later).pathname + new URL(later).search);
      checkConsistent(page);
      expect(page.reiswegen.length).toBeGreaterThanOrEqual(3);
      expect(page.reiswegen[0].duurtijd.start > departures.at(-1)).toBe(true);
      departures.push(...page.reiswegen.map((r: Json) => r.duurtijd.start));
      seen.push(...summary(page).map((s) => s.replace("*", "")));
    }
    const keys = seen.map((s) => s.replace("*", ""));
    expect(new Set(keys).size).toBe(keys.length);
    const vroeger = (await plan("leuvenStation", "heverlee", `tijdstip=${DAY}T08:00:00`)).links.find((l: Json) => l.rel === "vroeger").url as string;
    const before = await get(new URL(vroeger).pathname + new URL(vroeger).search);
    const firstArrival = "2026-03-10T08:29:00";
    for (const r of before.reiswegen) expect(r.duurtijd.einde < firstArrival).toBe(true);
  });

  it("routeplan demo - AANKOMST and LAATSTE", async () => {
    const by = await plan("leuvenStation", "heverlee", `vertrekAankomst=AANKOMST&tijdstip=${DAY}T09:00:00`);
    // The latest departure is best, a transfer counting 5 minutes: 08:31 direct beats 08:33 with a change.
    expect(summary(by)).toEqual(["08:29-08:58 0 539", "08:31-08:59 0* 586", "08:33-08:59 1 5>586"]);
    const last = await plan("leuvenStation", "heverlee", `aanvraagType=LAATSTE&tijdstip=${DAY}T12:00:00`);
    // Tuesday's service runs past midnight: its last connections leave at 00:12.
    expect(summary(last)).toEqual(["00:01-00:27 0 586", "00:12-00:40 0 5", "00:12-00:47 0* 600"]);
    expect(last.reiswegen.at(-1).duurtijd.start.slice(0, 10)).toBe("2026-03-11");
    const after = last.links.find((l: Json) => l.rel === "later").url as string;
    const next = await get(new URL(after).pathname + new URL(after).search);
    expect(next.reiswegen[0].duurtijd.start > "2026-03-11T04:00:00").toBe(true);
  });

  it("routeplan demo - walking only in Heverlee, 650 m: it arrives before the first bus, and is the best match", async () => {
    const body = await get(`/DLKernOpenData/api/v1/routeplan/50.8650,4.7100/50.8700,4.7150?tijdstip=${DAY}T10:00:00`);
    checkConsistent(body);
    expect(summary(body)).toEqual(["10:00-10:11 0* walk", "10:04-10:15 0 4", "10:24-10:35 0 4", "10:44-10:55 0 4"]);
    const walk = body.reiswegen[0];
    expect(walk.duurtijd).toEqual({ start: `${DAY}T10:00:00`, einde: `${DAY}T10:11:24`, duurtijd: "PT11M24S" });
    expect(walk.reiswegStappen).toHaveLength(1);
    expect(walk.reiswegStappen[0].aankomstPunt.afstand).toBe(657);
  });
});
