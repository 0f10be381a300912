/**
 * Real-time passages over the real server on the demo network, with the clock pinned: the next passages at a
 * stop and a list of stops, E20 on Leuven line 2 (3/302), errors, the published OpenAPI (v1) and the captured
 * answer. No GTFS-Realtime feed is configured, so every passage is the scheduled one marked GEENREALTIME: the
 * expected values are the demo's known trips (src/demo/known-trips.ts) and the same day's timetables
 * (/dienstregelingen), cut at the pinned moment.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_TRIPS, type KnownPassage, type KnownTrip } from "../../../../src/demo/known-trips.js";
import { demoNetwork } from "../../../support/demo-network.js";
import { officialPathOf, validateOfficial } from "../../support/official-openapi.js";
import { get, startServer, type TestServer } from "../../support/server.js";

type Json = Record<string, any>;

interface Doorkomst {
  doorkomstId: string;
  lijnnummer: number;
  ritnummer: string;
  haltenummer: string;
  dienstregelingTijdstip: string;
  predictionStatussen?: string[];
  links: Array<{ rel: string; url: string }>;
  [k: string]: unknown;
}

const V1 = "/DLKernOpenData/api/v1";
const BETA = "/DLKernOpenData/v1/beta";

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const line2Last = KNOWN_TRIPS.line2LastWeekday;
const n1 = KNOWN_TRIPS.nightN1Heen;
const perron5 = line2.passages[1].stopId; // Leuven Station perron 5, stop_sequence 14
const terminus = line2.passages[2]; // Heverlee Campus Arenberg, the last stop

/** Tuesday 2026-03-10, a school day of service WK; Brussels is on CET (UTC+1) until 29 March. */
const TUESDAY = "2026-03-10";
const WEDNESDAY = "2026-03-11";
const FRIDAY = "2026-03-13";
const SATURDAY = "2026-03-14";
/** The instant of a Brussels wall-clock time in March 2026 before the clocks change (UTC+1). */
const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);

const idOf = (serviceDate: string, k: KnownTrip, p: KnownPassage) => `${serviceDate}_${k.entity}_${k.tripId}_${p.stopId}_${p.sequence - 1}`;
const summary = (list: Doorkomst[]) => list.map((d) => [d.dienstregelingTijdstip, d.lijnnummer, d.ritnummer, d.doorkomstId]);
const GEENREALTIME = ["GEENREALTIME"];

let server: TestServer;
let nowMs = 0;

beforeAll(async () => {
  server = await startServer(await demoNetwork(), {}, () => nowMs);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function call(path: string, at: number, family = V1) {
  nowMs = at;
  return get(`${server.origin}${family}${path}`);
}

/** The next passages at a stop at a moment: status 200 asserted. */
async function board(stop: string, at: number, max?: number, entity = "3"): Promise<Doorkomst[]> {
  const q = max === undefined ? "" : `?maxAantalDoorkomsten=${max}`;
  const res = await call(`/haltes/${entity}/${stop}/real-time${q}`, at);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.body.halteDoorkomsten[0].doorkomsten;
}

/** The stop's timetable of a day (the same passages, without real-time fields). */
async function day(stop: string, datum: string, entity = "3"): Promise<Doorkomst[]> {
  const res = await call(`/haltes/${entity}/${stop}/dienstregelingen?datum=${datum}`, cet(TUESDAY, "12:00:00"));
  expect(res.status).toBe(200);
  return res.body.halteDoorkomsten[0].doorkomsten;
}

/** What the real-time list must be: the timetables of the days given, from `wallClock` on, the first `max`, each GEENREALTIME. */
function expectedBoard(days: Doorkomst[][], wallClock: string, max: number): Doorkomst[] {
  return days
    .flat()
    .filter((d) => d.dienstregelingTijdstip >= wallClock)
    .slice(0, max)
    .map(({ links, ...d }) => ({ ...d, predictionStatussen: GEENREALTIME, links }));
}

describe("real-time at a stop", () => {
  it("real-time - the next passages at Leuven Station perron 5 on a weekday morning, every field", async () => {
    const at = cet(TUESDAY, "06:19:30");
    const list = await board(perron5, at, 3);
    const p = line2.passages[1];
    expect(list[0]).toEqual({
      doorkomstId: idOf(TUESDAY, line2, p),
      entiteitnummer: line2.entity,
      lijnnummer: Number(line2.lijnnummer),
      richting: "HEEN",
      ritnummer: line2.ritnummer,
      bestemming: line2.headsign,
      plaatsBestemming: terminus.stopName,
      vias: [],
      haltenummer: perron5,
      dienstregelingTijdstip: `${TUESDAY}T${p.departure}`,
      predictionStatussen: GEENREALTIME,
      links: [
        { rel: "halte", url: `${server.origin}${V1}/haltes/3/${perron5}` },
        { rel: "lijnrichting", url: `${server.origin}${V1}/lijnen/3/${line2.lijnnummer}/lijnrichtingen/HEEN` },
      ],
    });
    // Without a measurement: no real-time time and no vehicle, not even as null.
    for (const d of list) {
      expect(d).not.toHaveProperty("real-timeTijdstip");
      expect(d).not.toHaveProperty("vrtnum");
      expect(d).not.toHaveProperty("status");
    }
    expect(list).toEqual(expectedBoard([await day(perron5, TUESDAY)], `${TUESDAY}T06:19:30`, 3));
    expect(list.map((d) => d.ritnummer)).toEqual(["1001", "1003", "1005"]);
  });

  it("real-time - a passage at the very second is listed, one second later it is gone", async () => {
    const at = `${TUESDAY}T${line2.passages[1].departure}`;
    expect((await board(perron5, cet(TUESDAY, line2.passages[1].departure), 1)).map((d) => d.doorkomstId)).toEqual([
      idOf(TUESDAY, line2, line2.passages[1]),
    ]);
    const later = await board(perron5, cet(TUESDAY, line2.passages[1].departure) + 1000, 1);
    expect(later[0].ritnummer).not.toBe(line2.ritnummer);
    expect(later[0].dienstregelingTijdstip > at).toBe(true);
    expect(later).toEqual(expectedBoard([await day(perron5, TUESDAY)], `${TUESDAY}T06:20:01`, 1));
  });

  it("real-time - maxAantalDoorkomsten defaults to 10 (as published); 100 gives every passage of the next 24 hours here", async () => {
    const at = cet(TUESDAY, "08:00:00");
    const timetable = await day(perron5, TUESDAY);
    expect(await board(perron5, at)).toEqual(expectedBoard([timetable], `${TUESDAY}T08:00:00`, 10));
    const hundred = await board(perron5, at, 100);
    const withinADay = expectedBoard([timetable, await day(perron5, WEDNESDAY)], `${TUESDAY}T08:00:00`, 100).filter(
      (d) => d.dienstregelingTijdstip < `${WEDNESDAY}T08:00:00`,
    );
    expect(withinADay.length).toBeLessThan(100);
    expect(hundred).toEqual(withinADay);
    expect(hundred.at(-1)?.dienstregelingTijdstip.startsWith(`${WEDNESDAY}T07:`)).toBe(true);
  });

  it("real-time - late in the evening the list continues after midnight with the next morning", async () => {
    const at = cet(TUESDAY, "23:45:00");
    const list = await board(perron5, at, 3);
    expect(summary(list.slice(0, 2))).toEqual([
      [`${TUESDAY}T${line2Last.passages[1].departure}`, 302, line2Last.ritnummer, idOf(TUESDAY, line2Last, line2Last.passages[1])],
      [`${WEDNESDAY}T${line2.passages[1].departure}`, 302, line2.ritnummer, idOf(WEDNESDAY, line2, line2.passages[1])],
    ]);
    expect(list).toEqual(expectedBoard([await day(perron5, TUESDAY), await day(perron5, WEDNESDAY)], `${TUESDAY}T23:45:00`, 3));
  });

  it("real-time - on a Friday night the night line's trip of Friday passes after midnight, under Friday's service date", async () => {
    const first = n1.passages[0]; // Hever Kerk at GTFS 25:30
    expect(n1.runsOn.length).toBeGreaterThan(0);
    const list = await board(first.stopId, cet(FRIDAY, "23:45:00"), 10);
    const trip = list.filter((d) => d.lijnnummer === Number(n1.lijnnummer) && d.ritnummer === n1.ritnummer);
    expect(summary(trip)).toEqual([[`${SATURDAY}T01:30:00`, 901, n1.ritnummer, idOf(FRIDAY, n1, first)]]);
    expect(list).toEqual(
      expectedBoard([await day(first.stopId, FRIDAY), await day(first.stopId, SATURDAY)], `${FRIDAY}T23:45:00`, 10),
    );
    const times = list.map((d) => d.dienstregelingTijdstip);
    expect([...times].sort()).toEqual(times);
  });

  it("real-time - the list looks a day ahead: a school-line stop on Friday evening is empty, on Thursday evening it has Friday's trips", async () => {
    const raychem = "303455"; // Linden Raychem: served by school line 520 only (Mon, Tue, Thu, Fri school days; Wednesday noon)
    const monday = "2026-03-16";
    expect(await board(raychem, cet(FRIDAY, "20:00:00"), 5)).toEqual([]);
    expect((await day(raychem, monday)).length).toBeGreaterThan(0);
    const thursday = "2026-03-12";
    const list = await board(raychem, cet(thursday, "20:00:00"), 5);
    expect(list.length).toBeGreaterThan(0);
    expect(list).toEqual(expectedBoard([await day(raychem, thursday), await day(raychem, FRIDAY)], `${thursday}T20:00:00`, 5));
    expect(list.every((d) => d.lijnnummer === 520 && d.dienstregelingTijdstip.startsWith(FRIDAY))).toBe(true);
  });

  it("real-time - the answer's other members: self link, notes of the listed trips, today's diversions at the stop", async () => {
    nowMs = cet(TUESDAY, "23:45:00");
    const res = await get(`${server.origin}${V1}/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=1`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.body)).toEqual(["halteDoorkomsten", "links", "doorkomstNotas", "ritNotas", "omleidingen"]);
    expect(res.body.links).toEqual([{ rel: "self", url: `${server.origin}${V1}/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=1` }]);
    // The timetable of the day lists the same notes for trip 1105, and the same diversions.
    const timetable = (await call(`/haltes/3/${perron5}/dienstregelingen?datum=${TUESDAY}`, nowMs)).body;
    const last = (n: Json) => n.ritnummer === line2Last.ritnummer;
    expect(res.body.ritNotas).toEqual(timetable.ritNotas.filter(last));
    expect(res.body.ritNotas.length).toBeGreaterThan(0);
    expect(res.body.doorkomstNotas).toEqual(timetable.doorkomstNotas.filter(last));
    expect(res.body.omleidingen).toEqual(timetable.omleidingen);
  });

  it("real-time - the beta family answers the same passages, links within beta", async () => {
    const at = cet(TUESDAY, "06:19:30");
    const v1 = (await call(`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=2`, at)).body;
    const beta = (await call(`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=2`, at, BETA)).body;
    expect(JSON.stringify(beta)).toBe(JSON.stringify(v1).replaceAll(V1, BETA));
  });
});

describe("real-time at a list of stops", () => {
  it("real-time - one item per known stop in the order asked, each as the single-stop answer; an unknown stop reported by a link", async () => {
    const at = cet(TUESDAY, "06:00:00");
    const first = line2.passages[0].stopId; // Kessel-Lo Boven-Lo
    const res = await call(`/haltes/lijst/3_${perron5}_3_999999_3_${first}/real-time?maxAantalDoorkomsten=2`, at);
    expect(res.status).toBe(200);
    expect(res.body.links).toEqual([
      { rel: "self", url: `${server.origin}${V1}/haltes/lijst/3_${perron5}_3_999999_3_${first}/real-time?maxAantalDoorkomsten=2` },
      { rel: "onbekendeHalte", url: `${server.origin}${V1}/haltes/3/999999` },
    ]);
    const items = res.body.halteDoorkomstenLijst as Json[];
    expect(items.map((i) => i.halteDoorkomsten[0].haltenummer)).toEqual([perron5, first]);
    for (const [i, stop] of [perron5, first].entries()) {
      const single = (await call(`/haltes/3/${stop}/real-time?maxAantalDoorkomsten=2`, at)).body;
      expect(items[i]).toEqual({ ...single, links: [{ rel: "halte", url: `${server.origin}${V1}/haltes/3/${stop}` }] });
    }
    expect(summary(items[1].halteDoorkomsten[0].doorkomsten)[0]).toEqual([
      `${TUESDAY}T${line2.passages[0].departure}`,
      302,
      line2.ritnummer,
      idOf(TUESDAY, line2, line2.passages[0]),
    ]);
  });
});

describe("real-time of a line direction (E20)", () => {
  /** The trips of line 2 HEEN of a service date, from the line-direction timetable. */
  async function timetableTrips(serviceDate: string): Promise<Json[]> {
    const res = await call(`/lijnen/3/302/lijnrichtingen/HEEN/dienstregelingen?datum=${serviceDate}`, cet(TUESDAY, "12:00:00"));
    expect(res.status).toBe(200);
    return res.body.ritDoorkomsten;
  }

  /** What E20 must answer: trips not finished at `wallClock` whose next passage comes within 90 minutes, with their remaining passages. */
  function expectedTrips(trips: Json[], wallClock: string, windowEnd: string): Json[] {
    return trips
      .map((t) => ({
        ...t,
        doorkomsten: (t.doorkomsten as Doorkomst[])
          .filter((d) => d.dienstregelingTijdstip >= wallClock)
          .map(({ links, ...d }) => ({ ...d, predictionStatussen: GEENREALTIME, links })),
      }))
      .filter((t) => t.doorkomsten.length > 0 && t.doorkomsten[0].dienstregelingTijdstip < windowEnd);
  }

  it("E20 - line 2 HEEN on a weekday morning: the first trip under way with its remaining stops, the trips leaving within 90 minutes", async () => {
    const res = await call("/lijnen/3/302/lijnrichtingen/HEEN/real-time", cet(TUESDAY, "06:10:00"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.body)).toEqual(["ritDoorkomsten", "links", "doorkomstNotas", "ritNotas", "omleidingen"]);
    expect(res.body.links).toEqual([{ rel: "self", url: `${server.origin}${V1}/lijnen/3/302/lijnrichtingen/HEEN/real-time` }]);
    const trips = res.body.ritDoorkomsten as Json[];
    expect(trips.map((t) => t.ritnummer)).toEqual(["1001", "1003", "1005", "1007", "1009", "1011"]);
    const first = trips[0];
    expect({ ...first, doorkomsten: undefined }).toEqual({
      ritnummer: line2.ritnummer,
      bestemming: line2.headsign,
      plaatsBestemming: terminus.stopName,
      vias: [],
      doorkomsten: undefined,
    });
    const passages = first.doorkomsten as Doorkomst[];
    // Under way since 06:01: its first stop is behind it; perron 5 at 06:20 and the terminus at 06:42 are ahead.
    expect(passages.some((d) => d.haltenummer === line2.passages[0].stopId)).toBe(false);
    expect(summary(passages.filter((d) => d.haltenummer === perron5))).toEqual([
      [`${TUESDAY}T${line2.passages[1].departure}`, 302, "1001", idOf(TUESDAY, line2, line2.passages[1])],
    ]);
    expect(summary(passages.slice(-1))).toEqual([[`${TUESDAY}T${terminus.arrival}`, 302, "1001", idOf(TUESDAY, line2, terminus)]]);
    expect(passages.every((d) => d.dienstregelingTijdstip >= `${TUESDAY}T06:10:00`)).toBe(true);
    expect(passages.every((d) => d.predictionStatussen?.join() === "GEENREALTIME" && !("real-timeTijdstip" in d) && !("vrtnum" in d))).toBe(true);
    expect(trips).toEqual(expectedTrips(await timetableTrips(TUESDAY), `${TUESDAY}T06:10:00`, `${TUESDAY}T07:40:00`));
  });

  it("E20 - after midnight the last trip of the evening is still under way, under the previous service date", async () => {
    const res = await call("/lijnen/3/302/lijnrichtingen/HEEN/real-time", cet(WEDNESDAY, "00:05:00"));
    expect(res.status).toBe(200);
    const trips = res.body.ritDoorkomsten as Json[];
    expect(trips.map((t) => t.ritnummer)).toEqual([line2Last.ritnummer]);
    const passages = trips[0].doorkomsten as Doorkomst[];
    const end = line2Last.passages[2];
    expect(summary(passages.slice(-1))).toEqual([[`${WEDNESDAY}T00:12:00`, 302, line2Last.ritnummer, idOf(TUESDAY, line2Last, end)]]);
    expect(trips).toEqual(expectedTrips(await timetableTrips(TUESDAY), `${WEDNESDAY}T00:05:00`, `${WEDNESDAY}T01:35:00`));
    // The trip's note, as the trip timetable lists it (a line-direction answer: no stop on a trip note).
    const rit = (await call(`/lijnen/3/302/lijnrichtingen/HEEN/rit/${line2Last.ritnummer}?datum=${TUESDAY}`, nowMs)).body;
    expect(res.body.ritNotas).toEqual(rit.ritNotas);
    expect(res.body.ritNotas.length).toBeGreaterThan(0);
  });

  it("E20 - at 04:00 nothing runs within 90 minutes: an empty list", async () => {
    const res = await call("/lijnen/3/302/lijnrichtingen/HEEN/real-time", cet(WEDNESDAY, "04:00:00"));
    expect(res.status).toBe(200);
    expect(res.body.ritDoorkomsten).toEqual([]);
    expect(res.body.ritNotas).toEqual([]);
    expect(res.body.doorkomstNotas).toEqual([]);
  });

  it("E20 - the beta family (where the spec names it) answers the same trips, links within beta", async () => {
    const at = cet(TUESDAY, "06:10:00");
    const v1 = (await call("/lijnen/3/302/lijnrichtingen/TERUG/real-time", at)).body;
    const beta = await call("/lijnen/3/302/lijnrichtingen/TERUG/real-time", at, BETA);
    expect(beta.status).toBe(200);
    expect(v1.ritDoorkomsten.length).toBeGreaterThan(0);
    expect(JSON.stringify(beta.body)).toBe(JSON.stringify(v1).replaceAll(V1, BETA));
  });
});

describe("real-time errors", () => {
  const at = cet(TUESDAY, "08:00:00");
  const error = async (path: string, family = V1) => {
    const res = await call(path, at, family);
    return [res.status, res.body.message];
  };

  it("real-time - an unknown stop, line or entity is a 404 as elsewhere", async () => {
    expect(await error("/haltes/3/999999/real-time")).toEqual([
      404,
      "Stop 999999 of entity 3 does not exist: check the entity and stop number; the stops of an entity are listed at /entiteiten/{entiteitnummer}/haltes",
    ]);
    expect((await error("/lijnen/3/9999/lijnrichtingen/HEEN/real-time", BETA))[0]).toBe(404);
    expect((await error("/lijnen/9/302/lijnrichtingen/HEEN/real-time"))[0]).toBe(404);
  });

  it("real-time - malformed keys and directions are a 400 naming the parameter", async () => {
    expect(await error("/haltes/3/abc/real-time")).toEqual([400, 'haltenummer "abc" is invalid: give the stop number, a whole number such as 300483']);
    expect(await error("/haltes/lijst/3_303130_3/real-time")).toEqual([
      400,
      'haltesleutels "3_303130_3" is invalid: give stop keys entiteitnummer_haltenummer joined with _, e.g. 3_300483_3_300484',
    ]);
    expect(await error("/lijnen/3/302/lijnrichtingen/NOORD/real-time")).toEqual([400, 'richting "NOORD" is invalid: give HEEN or TERUG']);
    const tooMany = Array.from({ length: 101 }, (_, i) => `3_${300000 + i}`).join("_");
    expect(await error(`/haltes/lijst/${tooMany}/real-time`)).toEqual([
      400,
      "haltesleutels holds 101 keys, at most 100 are allowed: split the request",
    ]);
  });

  it("real-time - maxAantalDoorkomsten outside 1..100 or not a whole number is a 400", async () => {
    for (const value of ["0", "101", "-1", "abc", "2.5"]) {
      expect(await error(`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=${value}`), value).toEqual([
        400,
        `maxAantalDoorkomsten "${value}" is invalid: give a whole number from 1 to 100`,
      ]);
    }
    expect((await error(`/haltes/lijst/3_${perron5}/real-time?maxAantalDoorkomsten=0`))[0]).toBe(400);
  });
});

describe("real-time - the published OpenAPI and the captured answer", () => {
  const sample = (): Json =>
    JSON.parse(readFileSync(new URL("../../../fixtures/timetable/samples/real_time_timetable.json", import.meta.url), "utf8"));

  it("official OpenAPI - v1 answers of the three real-time paths validate against the published response schemas", async () => {
    const at = cet(TUESDAY, "06:10:00");
    const paths: Array<[string, string]> = [
      [`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=5`, "/haltes/{entiteitnummer}/{haltenummer}/real-time"],
      [`/haltes/lijst/3_${perron5}_3_302938/real-time`, "/haltes/lijst/{haltesleutels}/real-time"],
      ["/lijnen/3/302/lijnrichtingen/HEEN/real-time", "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}/real-time"],
    ];
    for (const [path, template] of paths) {
      const res = await call(path, at);
      expect(res.status, path).toBe(200);
      expect(officialPathOf(path.split("?")[0]), path).toBe(template);
      expect(validateOfficial(template, res.body), path).toEqual([]);
    }
  });

  it("official OpenAPI - the check would catch a wrong status or time", async () => {
    const body = (await call(`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=1`, cet(TUESDAY, "06:10:00"))).body;
    const template = "/haltes/{entiteitnummer}/{haltenummer}/real-time";
    const broken = structuredClone(body);
    broken.halteDoorkomsten[0].doorkomsten[0].predictionStatussen = ["ONBEKEND"];
    expect(validateOfficial(template, broken)).not.toEqual([]);
    const noSeconds = structuredClone(body);
    noSeconds.halteDoorkomsten[0].doorkomsten[0].dienstregelingTijdstip = "2026-03-10T06:20";
    expect(validateOfficial(template, noSeconds)).not.toEqual([]);
  });

  it("captured answer - same members as the real service's; every passage field it has, bar the two that need a measurement", async () => {
    const real = sample();
    const ours = (await call(`/haltes/3/${perron5}/real-time?maxAantalDoorkomsten=1`, cet(TUESDAY, "06:10:00"))).body;
    expect(Object.keys(ours)).toEqual(Object.keys(real));
    const realPassage = real.halteDoorkomsten[0].doorkomsten[0];
    const ourPassage = ours.halteDoorkomsten[0].doorkomsten[0];
    expect(realPassage.predictionStatussen).toEqual(["REALTIME"]);
    const measured = ["real-timeTijdstip", "vrtnum"];
    for (const k of Object.keys(realPassage)) {
      if (measured.includes(k)) expect(ourPassage, k).not.toHaveProperty(k);
      else expect(ourPassage, k).toHaveProperty(k);
    }
    expect(ourPassage.links.map((l: Json) => l.rel)).toEqual(realPassage.links.map((l: Json) => l.rel));
    // The order of the real answer's passage fields, ours having more in between.
    const order = Object.keys(ourPassage).filter((k) => k in realPassage);
    expect(order).toEqual(Object.keys(realPassage).filter((k) => !measured.includes(k)));
  });
});
