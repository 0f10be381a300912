/**
 * A network on a day outside its validity (docs/OPERATIONS.md "A network outside its validity"). Lists without geldigOp answer for the nearest day of the
 * validity of what is asked about; timetables without datum stay about today; /health says so.
 *
 * Line 1 runs 2024-01-01 .. 2024-06-30 through stops 1 and 2; line 2 runs 2024-01-01 .. 2024-03-31 through
 * stops 2 and 3. The network is valid 2024-01-01 .. 2024-06-30.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network } from "../../../src/network/model.js";
import { calendar, feed, route, stop } from "../../support/feed-builder.js";
import { get, timetableApp } from "../support/timetable-fixture-app.js";

let net: Network;

/** Noon in Brussels (UTC+1 in winter, +2 in summer: noon UTC is the same day either way). */
const noonOf = (ymd: string) => Date.parse(`${ymd}T12:00:00Z`);

beforeAll(() => {
  net = compileNetwork(
    [
      {
        profile: "generic",
        feed: feed({
          stops: [stop("1", 50.88, 4.7, { name: "Markt" }), stop("2", 50.881, 4.701, { name: "Station" }), stop("3", 50.89, 4.71, { name: "Ring" })],
          routes: [route("1", { shortName: "1", longName: "Markt - Station" }), route("2", { shortName: "2", longName: "Station - Ring" })],
          calendars: [calendar("A", "1111111", 20240101, 20240630), calendar("B", "1111111", 20240101, 20240331)],
          trips: [
            { tripId: "a1", routeId: "1", serviceId: "A", times: [["1", "08:00:00"], ["2", "08:05:00"]] },
            { tripId: "b1", routeId: "2", serviceId: "B", times: [["2", "09:00:00"], ["3", "09:10:00"]] },
          ],
        }),
      },
    ],
    { now: new Date("2024-01-01T00:00:00Z") },
  );
});

const numbers = (body: any, list: string, field: string) => body[list].map((x: any) => x[field]);

describe("validity - expired network (today 2025-01-15)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(net, () => noonOf("2025-01-15"));
  });
  afterAll(async () => {
    await app.close();
  });

  it("validity - /health says the network expired, with the dates, in fields and words", async () => {
    const res = await app.inject({ method: "GET", url: "/health" });
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.network.validFrom).toBe("2024-01-01");
    expect(body.network.validTo).toBe("2024-06-30");
    expect(body.network.validity).toEqual({ state: "expired", today: "2025-01-15", answersFor: "2024-06-30" });
    expect(body.warnings).toEqual([
      "the network expired: its last service day was 2024-06-30 and today is 2025-01-15; without geldigOp lists answer " +
        "for 2024-06-30, timetables and real-time for today are empty; ask for a day within 2024-01-01 .. 2024-06-30 with " +
        "geldigOp=yyyy-MM-ddTHH:mm:ss (lists) or datum=yyyy-MM-dd (timetables)",
    ]);
  });

  it("validity - lists without geldigOp answer for the last day of service; with geldigOp for that day", async () => {
    expect(numbers((await get(app, "/api/v1/lijnen")).body, "lijnen", "lijnnummer")).toEqual(["1"]);
    expect(numbers((await get(app, "/api/v1/lijnen?geldigOp=2024-03-01T08:00:00")).body, "lijnen", "lijnnummer")).toEqual(["1", "2"]);
    expect(numbers((await get(app, "/api/v1/lijnen?geldigOp=2025-01-15T08:00:00")).body, "lijnen", "lijnnummer")).toEqual([]);
    expect(numbers((await get(app, "/api/v1/haltes")).body, "haltes", "haltenummer")).toEqual(["1", "2"]);
    expect(numbers((await get(app, "/api/v1/haltes/indebuurt/50.88,4.7?radius=5000")).body, "haltes", "id")).toEqual(["1", "2"]);
    expect(numbers((await get(app, "/api/v1/entiteiten/1/lijnen")).body, "lijnen", "lijnnummer")).toEqual(["1"]);
  });

  it("validity - a line's and a stop's links never lead to a list emptied by the day: their own period decides", async () => {
    const line2 = await get(app, "/api/v1/lijnen/1/2");
    expect(line2.status).toBe(200);
    const link = line2.body.links.find((l: any) => l.rel === "lijnrichtingen").url as string;
    const directions = await get(app, link.slice("https://api.example.org/DLKernOpenData".length));
    expect(directions.body.lijnrichtingen.map((d: any) => [d.lijnnummer, d.richting])).toEqual([["2", "HEEN"]]);
    expect((await get(app, "/api/v1/lijnen/1/2/gemeenten")).status).toBe(200);
    expect(numbers((await get(app, "/api/v1/lijnen/lijst/1_1_1_2/lijnrichtingen")).body, "lijnLijnrichtingen", "lijnrichtingen").map((l: any[]) => l.length)).toEqual([1, 1]);
    expect(numbers((await get(app, "/api/v1/haltes/1/3/lijnrichtingen")).body, "lijnrichtingen", "lijnnummer")).toEqual(["2"]);
    expect(numbers((await get(app, "/api/v1/haltes/lijst/1_2_1_3/lijnrichtingen")).body, "halteLijnrichtingen", "lijnrichtingen").map((l: any[]) => l.length)).toEqual([1, 1]);
    // An explicit geldigOp is honoured as given.
    expect((await get(app, "/api/v1/lijnen/1/2/lijnrichtingen?geldigOp=2024-06-01T00:00:00")).body.lijnrichtingen).toEqual([]);
  });

  it("validity - a timetable without datum is today's, empty; with datum the day asked", async () => {
    expect((await get(app, "/api/v1/haltes/1/1/dienstregelingen")).body.halteDoorkomsten[0].doorkomsten).toEqual([]);
    const day = (await get(app, "/api/v1/haltes/1/1/dienstregelingen?datum=2024-06-30")).body.halteDoorkomsten[0].doorkomsten;
    expect(day.map((d: any) => d.dienstregelingTijdstip)).toEqual(["2024-06-30T08:00:00"]);
  });
});

describe("validity - network not valid yet (today 2023-06-01)", () => {
  it("validity - /health says when service starts; lists answer for the first day", async () => {
    const app = await timetableApp(net, () => noonOf("2023-06-01"));
    try {
      const body = (await app.inject({ method: "GET", url: "/health" })).json();
      expect(body.network.validity).toEqual({ state: "not-yet-valid", today: "2023-06-01", answersFor: "2024-01-01" });
      expect(body.warnings[0]).toMatch(/^the network is not valid yet: its first service day is 2024-01-01 and today is 2023-06-01;/);
      expect(numbers((await get(app, "/api/v1/lijnen")).body, "lijnen", "lijnnummer")).toEqual(["1", "2"]);
    } finally {
      await app.close();
    }
  });
});

describe("validity - valid network (today 2024-05-01)", () => {
  it("validity - /health carries no validity nor warnings; a line that ended lists its directions of its last day", async () => {
    const app = await timetableApp(net, () => noonOf("2024-05-01"));
    try {
      const body = (await app.inject({ method: "GET", url: "/health" })).json();
      expect(body.network.validity).toBeUndefined();
      expect(body.warnings).toBeUndefined();
      expect(numbers((await get(app, "/api/v1/lijnen")).body, "lijnen", "lijnnummer")).toEqual(["1"]);
      expect(numbers((await get(app, "/api/v1/lijnen/1/2/lijnrichtingen")).body, "lijnrichtingen", "richting")).toEqual(["HEEN"]);
    } finally {
      await app.close();
    }
  });
});

describe("validity - one feed of two ended (today 2024-05-01)", () => {
  it("validity - /health names the feed whose lines and stops the lists leave out, while the network is valid", async () => {
    const days = [calendar("A", "1111111", 20240101, 20240630), calendar("B", "1111111", 20240101, 20240331)];
    const part = (source: string, serviceId: string) =>
      feed({
        source,
        stops: [stop("1", 50.88, 4.7), stop("2", 50.881, 4.701)],
        routes: [route("1", { shortName: "1" })],
        calendars: days,
        trips: [{ tripId: "t", routeId: "1", serviceId, times: [["1", "08:00:00"], ["2", "08:05:00"]] }],
      });
    const two = compileNetwork([
      { profile: "generic", feed: part("a.zip", "A") },
      { profile: "generic", feed: part("b.zip", "B") },
    ]);
    const app = await timetableApp(two, () => noonOf("2024-05-01"));
    try {
      const body = (await app.inject({ method: "GET", url: "/health" })).json();
      expect(body.network.validity).toBeUndefined();
      expect(body.warnings).toEqual([
        "feed b.zip ended on 2024-03-31: its lines and stops are absent from the lists of 2024-05-01; ask for a day within 2024-01-01 .. 2024-03-31 with geldigOp",
      ]);
      expect(numbers((await get(app, "/api/v1/lijnen")).body, "lijnen", "entiteitnummer")).toEqual(["1"]);
    } finally {
      await app.close();
    }
  });
});
