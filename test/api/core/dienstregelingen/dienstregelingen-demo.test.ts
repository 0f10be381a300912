/**
 * Timetables and diversions over HTTP on the demo network, checked against the demo's known trips
 * (src/demo/known-trips.ts, verified against the generated GTFS by the generator) and the
 * diversion texts of data/demo/flanders.zip.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_CALENDAR, KNOWN_DIVERSIONS, KNOWN_FREQUENCY, KNOWN_TRIPS, type KnownPassage, type KnownTrip } from "../../../../src/demo/known-trips.js";
import { demoNetwork } from "../../../support/demo-network.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

interface Nota {
  id: number;
  ritnummer?: string;
  haltenummer?: number;
  omschrijving: string;
  lijnnummer?: number;
}

interface Doorkomst {
  doorkomstId: string;
  entiteitnummer: string;
  lijnnummer: number;
  richting: string;
  ritnummer: string;
  haltenummer: string;
  dienstregelingTijdstip: string;
  [k: string]: unknown;
}

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const perron5 = line2.passages[1].stopId; // Leuven Station perron 5 (stop_sequence 14)

const secondsOf = (t: string) => {
  const [h, m, s] = t.split(":").map(Number);
  return h * 3600 + m * 60 + s;
};
const hhmmss = (s: number) => [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((x) => String(x).padStart(2, "0")).join(":");
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The wall clock of a GTFS time on a day without a clock change: past 24:00 it is the next day. */
const wall = (date: string, t: string) => (secondsOf(t) >= 86_400 ? `${nextDay(date)}T${hhmmss(secondsOf(t) - 86_400)}` : `${date}T${t}`);
/**
 * The Sunday wall clock of a Saturday-service GTFS time past 24:00 on the DST nights, worked out by hand from
 * "noon minus 12 h": Saturday's time 0 is Saturday 00:00 in Saturday's offset. Spring forward (02:00 CET ->
 * 03:00 CEST): from GTFS 26:00 on, one hour later. Fall back (03:00 CEST -> 02:00 CET): from GTFS 27:00 on,
 * one hour earlier.
 */
const springSunday = (sunday: string, t: string) => {
  const s = secondsOf(t) - 86_400;
  return `${sunday}T${hhmmss(s >= 7_200 ? s + 3_600 : s)}`;
};
const fallSunday = (sunday: string, t: string) => {
  const s = secondsOf(t) - 86_400;
  return `${sunday}T${hhmmss(s >= 10_800 ? s - 3_600 : s)}`;
};
const dayBefore = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const timeAt = (k: KnownTrip, p: KnownPassage) => (p.sequence === k.stopCount ? p.arrival : p.departure);
const idOf = (serviceDate: string, k: KnownTrip, p: KnownPassage) => `${serviceDate}_${k.entity}_${k.tripId}_${p.stopId}_${p.sequence - 1}`;

describe("dienstregelingen over HTTP (demo network, known trips)", () => {
  let app: FastifyInstance;
  /** The passages of one stop on one day. */
  const day = async (stop: string, datum: string, last = false, entity = "3"): Promise<Doorkomst[]> => {
    const { status, body } = await get(
      app,
      `/api/v1/haltes/${entity}/${stop}/dienstregelingen?datum=${datum}${last ? "&inclusiefLaatsteDoorkomst=true" : ""}`,
    );
    expect(status, `${stop} ${datum}`).toBe(200);
    return body.halteDoorkomsten[0].doorkomsten;
  };
  /** [time, doorkomstId] of one trip's passages in a day's list. */
  const of = (list: Doorkomst[], k: KnownTrip) =>
    list.filter((d) => d.lijnnummer === Number(k.lijnnummer) && d.ritnummer === k.ritnummer).map((d) => [d.dienstregelingTijdstip, d.doorkomstId]);
  const timesOf = (list: Doorkomst[], k: KnownTrip) => of(list, k).map(([t]) => t);
  /** The trip's passages from the trip endpoint, by stop_sequence. */
  const trip = async (k: KnownTrip, serviceDate: string): Promise<Doorkomst[]> => {
    const richting = k.direction === 0 ? "HEEN" : "TERUG";
    const { status, body } = await get(app, `/api/v1/lijnen/${k.entity}/${k.lijnnummer}/lijnrichtingen/${richting}/rit/${k.ritnummer}?datum=${serviceDate}`);
    expect(status, `${k.label} ${serviceDate}`).toBe(200);
    return body.ritDoorkomsten[0].doorkomsten;
  };

  beforeAll(async () => {
    app = await timetableApp(await demoNetwork());
  });
  afterAll(() => app.close());

  it("dienstregelingen - weekday: line 2's first trip at Leuven Station perron 5, every field", async () => {
    const date = line2.runsOn[0];
    const p = line2.passages[1];
    const terminus = line2.passages[2];
    expect(terminus.sequence).toBe(line2.stopCount);
    const d = (await day(perron5, date)).find((x) => x.lijnnummer === Number(line2.lijnnummer) && x.ritnummer === line2.ritnummer);
    expect(d).toEqual({
      doorkomstId: idOf(date, line2, p),
      entiteitnummer: line2.entity,
      lijnnummer: Number(line2.lijnnummer),
      richting: "HEEN",
      ritnummer: line2.ritnummer,
      bestemming: line2.headsign,
      plaatsBestemming: terminus.stopName,
      vias: [],
      haltenummer: perron5,
      dienstregelingTijdstip: `${date}T${p.departure}`,
      links: [
        { rel: "halte", url: `${BASE}/api/v1/haltes/3/${perron5}` },
        { rel: "lijnrichting", url: `${BASE}/api/v1/lijnen/3/${line2.lijnnummer}/lijnrichtingen/HEEN` },
      ],
    });
    const list = await day(perron5, date);
    const last = KNOWN_TRIPS.line2LastWeekday;
    expect(timesOf(list, last)).toEqual([wall(date, last.passages[1].departure)]);
    const times = list.map((x) => x.dienstregelingTijdstip);
    expect([...times].sort()).toEqual(times);
    expect(times.every((t) => t.startsWith(`${date}T`))).toBe(true);
  });

  it("dienstregelingen - Saturday: no weekday trip; the Friday-night N1 passes its first stop early on Saturday", async () => {
    expect(timesOf(await day(perron5, "2025-03-15"), line2)).toEqual([]);
    const n1 = KNOWN_TRIPS.nightN1Heen;
    const friday = "2025-03-28";
    expect(n1.runsOn).toContain(friday);
    const first = n1.passages[0];
    expect(of(await day(first.stopId, nextDay(friday)), n1)).toEqual([[wall(friday, first.departure), idOf(friday, n1, first)]]);
  });

  it("dienstregelingen - Sunday and public holidays: the Sunday trip runs, the weekday trip does not", async () => {
    const sunday = KNOWN_TRIPS.line2FirstSunday;
    expect(sunday.runsOn).toEqual(expect.arrayContaining([KNOWN_CALENDAR.sundayHoliday, KNOWN_CALENDAR.mondayHoliday, KNOWN_CALENDAR.saturdayHoliday]));
    for (const datum of sunday.runsOn) {
      expect(timesOf(await day(perron5, datum), sunday), datum).toEqual([`${datum}T${sunday.passages[1].departure}`]);
    }
    for (const datum of line2.doesNotRunOn) expect(timesOf(await day(perron5, datum), line2), datum).toEqual([]);
    for (const datum of line2.runsOn) expect(timesOf(await day(perron5, datum), line2), datum).toEqual([`${datum}T${line2.passages[1].departure}`]);
    for (const datum of sunday.doesNotRunOn) expect(timesOf(await day(perron5, datum), sunday), datum).toEqual([]);
  });

  it("dienstregelingen - after midnight: line 2's last trip reaches Heverlee past 24:00, listed on the next day", async () => {
    const last = KNOWN_TRIPS.line2LastWeekday;
    const terminus = last.passages[2];
    expect(terminus.sequence).toBe(last.stopCount);
    expect(secondsOf(terminus.arrival)).toBeGreaterThanOrEqual(86_400);
    const date = last.runsOn[0]; // a Wednesday
    // Wednesday's trip arrives on Thursday; Tuesday's on Wednesday; only on request (the terminus).
    expect(of(await day(terminus.stopId, nextDay(date), true), last)).toEqual([[wall(date, terminus.arrival), idOf(date, last, terminus)]]);
    expect(of(await day(terminus.stopId, date, true), last)).toEqual([[wall(dayBefore(date), terminus.arrival), idOf(dayBefore(date), last, terminus)]]);
    expect(of(await day(terminus.stopId, nextDay(date)), last)).toEqual([]);
    // Nothing of service WK runs on Sunday 2025-03-16, so nothing arrives early on Monday.
    expect(of(await day(terminus.stopId, "2025-03-17", true), last)).toEqual([]);
    const times = (await trip(last, date)).map((d) => d.dienstregelingTijdstip);
    expect(last.passages.map((p) => times[p.sequence - 1])).toEqual(last.passages.map((p) => wall(date, timeAt(last, p))));
  });

  it(`dienstregelingen - spring-forward Sunday ${KNOWN_CALENDAR.springForwardSunday}: the Saturday-night N1 skips 02:00-03:00`, async () => {
    const sunday = KNOWN_CALENDAR.springForwardSunday;
    const saturday = dayBefore(sunday);
    for (const k of [KNOWN_TRIPS.nightN1Heen, KNOWN_TRIPS.nightN1Terug]) {
      expect(k.runsOn).toContain(saturday);
      const times = (await trip(k, saturday)).map((d) => d.dienstregelingTijdstip);
      const expected = k.passages.map((p) => springSunday(sunday, timeAt(k, p)));
      expect(k.passages.map((p) => times[p.sequence - 1]), k.label).toEqual(expected);
      for (const p of k.passages) {
        expect(of(await day(p.stopId, sunday, true), k), `${k.label} at ${p.stopName}`).toEqual([
          [springSunday(sunday, timeAt(k, p)), idOf(saturday, k, p)],
        ]);
      }
      expect((await get(app, `/api/v1/lijnen/3/${k.lijnnummer}/lijnrichtingen/${k.direction ? "TERUG" : "HEEN"}/rit/${k.ritnummer}?datum=${sunday}`)).status).toBe(404);
    }
    // The hand-worked rule on the known times: 25:30 stays 01:30, 26:01 becomes 03:01.
    expect(springSunday(sunday, "25:30:00")).toBe(`${sunday}T01:30:00`);
    expect(springSunday(sunday, "26:01:00")).toBe(`${sunday}T03:01:00`);
  });

  it(`dienstregelingen - fall-back Sunday ${KNOWN_CALENDAR.fallBackSunday}: the N1 back to Hever arrives at a wall-clock time before its previous stop's`, async () => {
    const sunday = KNOWN_CALENDAR.fallBackSunday;
    const saturday = dayBefore(sunday);
    for (const k of [KNOWN_TRIPS.nightN1Heen, KNOWN_TRIPS.nightN1Terug]) {
      expect(k.runsOn).toContain(saturday);
      const times = (await trip(k, saturday)).map((d) => d.dienstregelingTijdstip);
      expect(k.passages.map((p) => times[p.sequence - 1]), k.label).toEqual(k.passages.map((p) => fallSunday(sunday, timeAt(k, p))));
      for (const p of k.passages) {
        expect(of(await day(p.stopId, sunday, true), k), `${k.label} at ${p.stopName}`).toEqual([[fallSunday(sunday, timeAt(k, p)), idOf(saturday, k, p)]]);
      }
    }
    const terug = KNOWN_TRIPS.nightN1Terug;
    const [, middle, end] = terug.passages;
    expect(secondsOf(middle.departure)).toBeLessThan(27 * 3600);
    expect(secondsOf(end.arrival)).toBeGreaterThanOrEqual(27 * 3600);
    expect(fallSunday(sunday, end.arrival) < fallSunday(sunday, middle.departure)).toBe(true);
  });

  it("dienstregelingen - frequencies.txt: tram 24's first window gives copies every 20 minutes", async () => {
    const k = KNOWN_TRIPS.frequencyTram24;
    const date = k.runsOn[0];
    const first = k.passages[0];
    const list = (await day(first.stopId, date, false, k.entity)).filter(
      (d) => d.lijnnummer === Number(k.lijnnummer) && d.ritnummer.startsWith(`${k.ritnummer}-`),
    );
    expect(list.map((d) => [d.ritnummer, d.dienstregelingTijdstip])).toEqual(
      KNOWN_FREQUENCY.firstStopDepartures.map((t, i) => [`${k.ritnummer}-${i + 1}`, `${date}T${t}`]),
    );
    expect(list[0].doorkomstId).toBe(`${date}_${k.entity}_${k.tripId}@${secondsOf(KNOWN_FREQUENCY.startTime)}_${first.stopId}_0`);
  });

  it("dienstregelingen - Belbus stops on request (pickup_type 2) are listed, with the Belbus trip note", async () => {
    const k = KNOWN_TRIPS.belbus591;
    const date = k.runsOn[0];
    const p = k.passages[1];
    const { body } = await get(app, `/api/v1/haltes/${k.entity}/${p.stopId}/dienstregelingen?datum=${date}`);
    expect(timesOf(body.halteDoorkomsten[0].doorkomsten, k)).toEqual([`${date}T${p.departure}`]);
    // note_id 3 of the demo's notes.txt, assigned to the Belbus trips in note_assignments.txt.
    expect(
      body.ritNotas.filter((n: Nota) => n.lijnnummer === Number(k.lijnnummer) && n.ritnummer === k.ritnummer).map((n: Nota) => [n.id, n.omschrijving, n.haltenummer]),
    ).toEqual([[3, "Belbus: reserveer je rit minstens een uur vooraf bij de Belbuscentrale.", Number(p.stopId)]]);
  });

  it("dienstregelingen - stops without times (timepoint 0) get interpolated times between their timed neighbours", async () => {
    const k = KNOWN_TRIPS.nonTimepoint380;
    const date = k.runsOn[0];
    const times = (await trip(k, date)).map((d) => d.dienstregelingTijdstip);
    const timed = k.passages.filter((p) => p.departure !== "");
    expect(timed.map((p) => times[p.sequence - 1])).toEqual(timed.map((p) => `${date}T${timeAt(k, p)}`));
    const sequences = k.passages.filter((p) => p.departure === "").map((p) => p.sequence);
    expect(sequences.length).toBeGreaterThan(0);
    const untimed = sequences.map((seq) => times[seq - 1]);
    const before = times[sequences[0] - 2]; // the timed stop before them
    const after = times[sequences[sequences.length - 1]]; // and after them
    expect(untimed.every((t) => t > before && t < after)).toBe(true);
    expect([...untimed].sort()).toEqual(untimed);
  });

  it("dienstregelingen - notes: line 2's last trip carries its trip note in the stop timetable", async () => {
    const k = KNOWN_TRIPS.line2LastWeekday;
    const { body } = await get(app, `/api/v1/haltes/3/${perron5}/dienstregelingen?datum=${k.runsOn[0]}`);
    expect(body.ritNotas.filter((n: Nota) => n.lijnnummer === Number(k.lijnnummer) && n.ritnummer === k.ritnummer)).toEqual([
      {
        id: 6, // notes.txt of the demo, assigned to the last trips of lines 2 to 5
        ritnummer: k.ritnummer,
        haltenummer: Number(perron5),
        omschrijving: "Laatste rit van de dag: wacht op aansluitingen aan het station.",
        entiteitnummer: Number(k.entity),
        lijnnummer: Number(k.lijnnummer),
        richting: "HEEN",
      },
    ]);
    // Diversion 873902 (Naamsepoort, every day 2024-09-02 to 2030-12-31) involves line 2 HEEN.
    expect(body.omleidingen.map((o: Nota) => o.id)).toContain(KNOWN_DIVERSIONS.dutchAndFrenchOnly);
  });

  it("dienstregelingen - E5 on the demo: two stops of line 2, each with its own passages", async () => {
    const date = line2.runsOn[0];
    const [first, station] = line2.passages;
    const { status, body } = await get(app, `/v1/beta/haltes/3_${station.stopId}_3_${first.stopId}/dienstregelingen?datum=${date}`);
    expect(status).toBe(200);
    const items = body.halteDoorkomstenLijst.map((h: { halteDoorkomsten: Array<{ haltenummer: string; doorkomsten: Doorkomst[] }> }) => h.halteDoorkomsten[0]);
    expect(items.map((h: { haltenummer: string }) => h.haltenummer)).toEqual([station.stopId, first.stopId]);
    expect(timesOf(items[0].doorkomsten, line2)).toEqual([`${date}T${station.departure}`]);
    expect(timesOf(items[1].doorkomsten, line2)).toEqual([`${date}T${first.departure}`]);
  });

  it("dienstregelingen - every known trip gives the same passages at trip level and at stop level", async () => {
    let compared = 0;
    for (const k of Object.values(KNOWN_TRIPS)) {
      const datum = k.runsOn[0];
      const richting = k.direction === 0 ? "HEEN" : "TERUG";
      // A frequencies.txt template becomes copies numbered <ritnummer>-<n>: take the first.
      const rit = k.tripId === KNOWN_FREQUENCY.tripId ? `${k.ritnummer}-1` : k.ritnummer;
      const { body } = await get(app, `/api/v1/lijnen/${k.entity}/${k.lijnnummer}/lijnrichtingen/${richting}/rit/${rit}?datum=${datum}`);
      const passages: Doorkomst[] = body.ritDoorkomsten[0].doorkomsten;
      expect(passages, k.label).toHaveLength(k.stopCount);
      for (const p of passages) {
        const { body: stopDay } = await get(
          app,
          `/api/v1/haltes/${k.entity}/${p.haltenummer}/dienstregelingen?datum=${p.dienstregelingTijdstip.slice(0, 10)}&inclusiefLaatsteDoorkomst=true`,
        );
        const same = (stopDay.halteDoorkomsten[0].doorkomsten as Doorkomst[]).find((x) => x.doorkomstId === p.doorkomstId);
        expect(same, `${k.label}: ${p.doorkomstId}`).toEqual(p);
        compared++;
      }
    }
    expect(compared).toBe(Object.values(KNOWN_TRIPS).reduce((a, k) => a + k.stopCount, 0));
  });
});

describe("omleidingen over HTTP (demo network)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(await demoNetwork());
  });
  afterAll(() => app.close());

  it("omleidingen - E4: the Tiensepoort works in Dutch, French, English and German", async () => {
    const titles: Record<string, string> = {};
    for (const taalCode of ["nl", "fr", "en", "de"]) {
      const { status, body } = await get(app, `/api/v1/omleidingen/${KNOWN_DIVERSIONS.tiensepoort}?taalCode=${taalCode}`);
      expect(status).toBe(200);
      titles[taalCode] = body.titel;
    }
    expect(titles).toEqual({
      nl: "Werken aan de Tiensepoort",
      fr: "Travaux à la Tiensepoort",
      en: "Roadworks at Tiensepoort",
      de: "Bauarbeiten am Tiensepoort",
    });
    const { body } = await get(app, `/v1/beta/omleidingen/${KNOWN_DIVERSIONS.tiensepoort}?taalCode=de`);
    // The GTFS reader trims a field's leading and trailing white space (the file's text starts and ends with a newline).
    expect(body.omschrijving).toBe(
      "Zeitraum\nVon Montag, 3. März 2025 bis Freitag, 27. Juni 2025, werktags.\n\nNicht bediente Haltestelle\n. Löwen : Tiensepoort\n\nErsatzhaltestelle\n. Löwen : Provinciehuis",
    );
    expect(body.periode).toEqual({ startDatum: "2025-03-03T00:00:00", eindDatum: "2025-06-27T23:59:59" });
    expect(body.omleidingsDagen).toEqual(["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG"]);
    expect(body.type).toBe("WERKEN");
    expect(body.lijnrichtingen.map((l: any) => `${l.entiteitnummer}_${l.lijnnummer}_${l.richting}`)).toEqual(["3_304_HEEN", "3_304_TERUG", "3_380_HEEN"]);
    expect(body.haltes.map((h: any) => h.haltenummer)).toEqual(["302932", "302937", "304246"]);
    expect(body.links).toEqual([{ rel: "omleidingen", url: `${BASE}/v1/beta/omleidingen/873901` }]);
  });

  it("omleidingen - E4: a language without translation falls back to Dutch; an unknown reference is a 404", async () => {
    const text = async (taalCode: string) =>
      (await get(app, `/api/v1/omleidingen/${KNOWN_DIVERSIONS.dutchAndFrenchOnly}?taalCode=${taalCode}`)).body.titel;
    expect(await text("fr")).toBe("Réaménagement Naamsepoort : arrêt déplacé");
    expect(await text("en")).toBe("Heraanleg Naamsepoort: halte verplaatst");
    expect(await text("DUITS")).toBe("Heraanleg Naamsepoort: halte verplaatst");
    const missing = await get(app, "/api/v1/omleidingen/1");
    expect([missing.status, missing.body.message]).toEqual([404, "Diversion 1 does not exist"]);
  });

  it("omleidingen - /omleidingen over February 2025: the Naamsepoort works and the accident on the Tervuursesteenweg", async () => {
    const { body } = await get(app, "/api/v1/omleidingen?startDatum=2025-02-01T00:00:00&eindDatum=2025-02-28T23:59:59");
    expect(body.omleidingen.map((o: any) => o.referentieOmleiding)).toEqual([873902]);
    expect(body.storingen.map((o: any) => [o.referentieOmleiding, o.titel, o.type])).toEqual([
      [873905, "Ongeval op de Tervuursesteenweg", "ONGEVAL"],
    ]);
  });
});
