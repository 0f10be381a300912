import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import {
  ALERT_ID_BASE,
  ALERT_ID_SPAN,
  alertDisruptionId,
  alertsToDisruptions,
  matchAlerts,
} from "../../src/realtime/alerts-to-disruptions.js";
import { lineDirIdx, stopIdx } from "../timetable/support/fixture-network.js";
import { alertsNetwork, brussels, Cause, Effect, texts, viaProtobuf } from "./support/alerts-fixture.js";
import { stopSequenceNetwork } from "./support/stop-sequence-fixture.js";

describe("alertsToDisruptions (alerts fixture)", () => {
  let net: Network;
  const ld = (key: string) => lineDirIdx(net, key);
  const stop = (nr: string) => stopIdx(net, nr);
  const one = (alert: Parameters<typeof viaProtobuf>[0][string], nowMs?: number) => {
    const [d] = alertsToDisruptions(net, viaProtobuf({ a: alert }), nowMs);
    return d;
  };
  beforeAll(async () => {
    net = await alertsNetwork();
  });

  it("alertsToDisruptions - an alert on a stop and a line direction becomes a storing with every field set", () => {
    const [d] = alertsToDisruptions(
      net,
      viaProtobuf({
        markt: {
          activePeriod: [{ start: brussels(12, 7, 30), end: brussels(13, 18) }],
          informedEntity: [{ stopId: "300002" }, { routeId: "3001", directionId: 1 }],
          cause: Cause.ACCIDENT,
          effect: Effect.DETOUR,
          headerText: texts(["nl", "Ongeval Markt"], ["fr", "Accident Markt"]),
          descriptionText: texts(["nl", "Halte Markt wordt niet bediend."], ["fr", "L'arrêt Markt n'est pas desservi."]),
        },
      }),
    );
    expect(d).toEqual({
      id: 2_125_573_564,
      kind: "storing",
      type: "ONGEVAL",
      start: 20240312,
      end: 20240313,
      weekdays: 0,
      texts: {
        nl: { title: "Ongeval Markt", description: "Halte Markt wordt niet bediend." },
        fr: { title: "Accident Markt", description: "L'arrêt Markt n'est pas desservi." },
      },
      lineDirections: [ld("3_1_TERUG")],
      stops: [stop("300002")],
    });
  });

  it("alertsToDisruptions - route, route + direction, trip, agency and route type name line directions with trips", () => {
    const lds = (...informedEntity: object[]) => one({ informedEntity })?.lineDirections;
    expect(lds({ routeId: "3001" })).toEqual([ld("3_1_HEEN"), ld("3_1_TERUG")]);
    expect(lds({ routeId: "3002" })).toEqual([ld("3_2_HEEN")]); // line 2 runs HEEN only
    expect(lds({ routeId: "3001", directionId: 0 })).toEqual([ld("3_1_HEEN")]);
    expect(lds({ trip: { tripId: "L1T0900" } })).toEqual([ld("3_1_TERUG")]);
    expect(lds({ trip: { tripId: "ADDED-7", routeId: "3001", directionId: 0 } })).toEqual([ld("3_1_HEEN")]);
    expect(lds({ agencyId: "3" })).toEqual([ld("3_1_HEEN"), ld("3_1_TERUG"), ld("3_2_HEEN")]);
    expect(lds({ agencyId: "1" })).toEqual([ld("1_500_HEEN")]);
    expect(lds({ routeType: 0 })).toEqual([ld("3_2_HEEN")]);
    expect(lds({ agencyId: "3", routeType: 3 })).toEqual([ld("3_1_HEEN"), ld("3_1_TERUG")]);
    expect(lds({ agencyId: "1", routeId: "3001" })).toBeUndefined(); // one selector's fields narrow each other
    expect(lds({ routeId: "3001", directionId: 1 }, { routeId: "1500" })).toEqual([ld("3_1_TERUG"), ld("1_500_HEEN")].sort((a, b) => a - b));
  });

  it("alertsToDisruptions - a stop keeps its route in one selector; an agency with a stop names the stop only", () => {
    expect(one({ informedEntity: [{ stopId: "300004", routeId: "3002" }] })).toMatchObject({
      lineDirections: [ld("3_2_HEEN")],
      stops: [stop("300004")],
    });
    expect(one({ informedEntity: [{ stopId: "100001", agencyId: "1" }] })).toMatchObject({ lineDirections: [], stops: [stop("100001")] });
  });

  it("alertsToDisruptions - texts in nl/fr/en/de; a tag's primary subtag counts, a missing field takes the Dutch one", () => {
    expect(
      one({
        informedEntity: [{ stopId: "300001" }],
        headerText: texts(["nl-BE", "Staking"], ["FR", "Grève"], ["en-GB", "Strike"], ["de", "Streik"], ["es", "Huelga"]),
        descriptionText: texts(["nl-BE", "Geen bussen."], ["en-GB", "No buses."]),
      })?.texts,
    ).toEqual({
      nl: { title: "Staking", description: "Geen bussen." },
      fr: { title: "Grève", description: "Geen bussen." },
      en: { title: "Strike", description: "No buses." },
      de: { title: "Streik", description: "Geen bussen." },
    });
  });

  it("alertsToDisruptions - Dutch text: the nl one, else the one without a language, else the first", () => {
    const title = (...pairs: Array<[string, string]>) => one({ informedEntity: [{ stopId: "300001" }], headerText: texts(...pairs) })?.texts;
    expect(title(["", "Werken"], ["fr", "Travaux"])).toEqual({
      nl: { title: "Werken", description: "" },
      fr: { title: "Travaux", description: "" },
    });
    expect(title(["en", "Works"], ["", "Werken"], ["nl", "Wegenwerken"])).toEqual({
      nl: { title: "Wegenwerken", description: "" },
      en: { title: "Works", description: "" },
    });
    expect(title(["en", "Track work"])).toEqual({ nl: { title: "Track work", description: "" }, en: { title: "Track work", description: "" } });
    expect(one({ informedEntity: [{ stopId: "300001" }] })?.texts).toEqual({ nl: { title: "", description: "" } });
  });

  it("alertsToDisruptions - type from the cause in the dataset's words, else from the effect, else none", () => {
    const type = (cause?: number, effect?: number) => one({ informedEntity: [{ stopId: "300001" }], cause, effect })?.type;
    expect(type(Cause.STRIKE, Effect.NO_SERVICE)).toBe("STAKING");
    expect(type(Cause.CONSTRUCTION, Effect.DETOUR)).toBe("WERKEN");
    expect(type(Cause.MAINTENANCE)).toBe("WERKEN");
    expect(type(Cause.DEMONSTRATION)).toBe("MANIFESTATIE");
    expect(type(Cause.SPECIAL_EVENT)).toBe("EVENEMENT");
    expect(type(Cause.MEDICAL_EMERGENCY)).toBe("INTERVENTIE_HULPDIENSTEN");
    expect(type(Cause.OTHER_CAUSE, Effect.SIGNIFICANT_DELAYS)).toBe("VERTRAGING");
    expect(type(undefined, Effect.DETOUR)).toBe("OMLEIDING");
    expect(type(Cause.UNKNOWN_CAUSE, Effect.UNKNOWN_EFFECT)).toBe("");
    expect(type()).toBe("");
  });

  it("alertsToDisruptions - period: local days from the earliest start to the latest end, an end at midnight excluded", () => {
    const period = (activePeriod: Array<{ start?: number; end?: number }>, nowMs?: number) => {
      const d = one({ informedEntity: [{ stopId: "300001" }], activePeriod }, nowMs);
      return [d?.start, d?.end];
    };
    // 00:30 on the 12th in Brussels is still the 11th in UTC: the days are local
    expect(period([{ start: brussels(12, 0, 30), end: brussels(14) }])).toEqual([20240312, 20240313]);
    expect(period([{ start: brussels(20, 6), end: brussels(20, 9) }, { start: brussels(5, 6), end: brussels(5, 9) }])).toEqual([20240305, 20240320]);
    expect(period([{ start: brussels(12, 8), end: brussels(12, 8) }])).toEqual([20240312, 20240312]);
    // no end: the network's last day
    expect(period([{ start: brussels(12, 8) }])).toEqual([20240312, 20241231]);
    // no start: the day the state is built, else the network's first day
    expect(period([{ end: brussels(20) }], brussels(12, 8) * 1000)).toEqual([20240312, 20240319]);
    expect(period([], brussels(12, 8) * 1000)).toEqual([20240312, 20241231]);
    expect(period([])).toEqual([20240101, 20241231]);
    // an open start after an end that has passed names the last day only
    expect(period([{ end: brussels(10, 12) }], brussels(12, 8) * 1000)).toEqual([20240310, 20240310]);
  });

  it("alertsToDisruptions - an alert naming nothing of the network is left out and counted by reason", () => {
    const m = matchAlerts(
      net,
      viaProtobuf({
        s: { informedEntity: [{ stopId: "999999" }] },
        r: { informedEntity: [{ routeId: "9999" }, { stopId: "999998" }] },
        t: { informedEntity: [{ trip: { tripId: "NO-SUCH-TRIP" } }] },
        d: { informedEntity: [{ directionId: 1 }] },
        e: { informedEntity: [] },
        half: { informedEntity: [{ stopId: "999999" }, { stopId: "300003" }] },
      }),
    );
    expect(m.matched).toBe(1);
    expect(m.unmatched).toBe(5);
    expect(m.unmatchedByReason).toEqual({ unknown_stop: 1, unknown_route: 1, unknown_trip: 1, unsupported: 2 });
    expect(m.outcomes).toEqual(["unknown_stop", "unknown_route", "unknown_trip", "unsupported", "unsupported", undefined]);
    expect(m.disruptions.map((d) => d.stops)).toEqual([[stop("300003")]]);
  });

  it("alertDisruptionId - FNV-1a of the feed entity id in the high range, the next free id after a collision", () => {
    expect(alertDisruptionId("a", new Set())).toBe(ALERT_ID_BASE + (0xe40c292c % ALERT_ID_SPAN)); // FNV-1a test vector of "a"
    expect(ALERT_ID_BASE + ALERT_ID_SPAN - 1).toBe(2 ** 31 - 1);
    const taken = new Set([2_125_573_564]);
    expect(alertDisruptionId("markt", taken)).toBe(2_125_573_565);
    expect(alertDisruptionId("markt", taken)).toBe(2_125_573_566);
    expect(alertDisruptionId("x", new Set(Array.from({ length: 3 }, (_, i) => ALERT_ID_BASE + ALERT_ID_SPAN - 1 - i)))).toBeLessThan(2 ** 31);
  });

  it("alertsToDisruptions - ids are stable across polls and never those of the dataset's diversions", () => {
    const alerts = viaProtobuf({ markt: { informedEntity: [{ stopId: "300002" }] }, strike: { informedEntity: [{ agencyId: "1" }] } });
    const ids = alertsToDisruptions(net, alerts).map((d) => d.id);
    expect(ids).toEqual([2_042_663_759, 2_125_573_564]);
    expect(alertsToDisruptions(net, alerts).map((d) => d.id)).toEqual(ids);
    const clash = { ...net.meta.diversions[0], id: 2_125_573_564 };
    const netWithClash: Network = { ...net, meta: { ...net.meta, diversions: [...net.meta.diversions, clash] } };
    expect(alertsToDisruptions(netWithClash, alerts).map((d) => d.id)).toEqual([2_042_663_759, 2_125_573_565]);
  });
});

describe("alertsToDisruptions (stop-sequence fixture: a station with two platforms)", () => {
  let net: Network;
  const ld = (key: string) => lineDirIdx(net, key);
  const stop = (nr: string) => stopIdx(net, nr);
  /** [line directions, stops] of one alert with these informed entities; undefined when it names nothing. */
  const named = (...informedEntity: object[]) => {
    const [d] = alertsToDisruptions(net, viaProtobuf({ a: { informedEntity } }));
    return d && [d.lineDirections, d.stops];
  };
  beforeAll(async () => {
    net = await stopSequenceNetwork();
  });

  it("alertsToDisruptions - a stop_id naming a station applies to each of its platforms", () => {
    expect(named({ stopId: "STATION" })).toEqual([[], [stop("300001"), stop("300005")]]);
    expect(named({ stopId: "300005" })).toEqual([[], [stop("300005")]]);
  });

  it("alertsToDisruptions - a station with a route: that route's line directions and the platforms it serves", () => {
    expect(named({ stopId: "STATION", routeId: "3001" })).toEqual([[ld("3_1_HEEN")], [stop("300001")]]);
    expect(named({ stopId: "STATION", routeId: "3003" })).toEqual([[ld("3_3_HEEN")], [stop("300005")]]);
    expect(named({ stopId: "STATION", trip: { tripId: "LOOP1200" } })).toEqual([[ld("3_2_HEEN")], [stop("300005")]]);
    // a station no line of the route serves: nothing
    expect(named({ stopId: "STATION", routeId: "1500" })).toBeUndefined();
  });

  it("alertsToDisruptions - a stop with an agency or route type: the stop, where a line of it serves the stop", () => {
    expect(named({ stopId: "STATION", routeType: 0 })).toEqual([[], [stop("300005")]]);
    expect(named({ stopId: "STATION", agencyId: "3" })).toEqual([[], [stop("300001"), stop("300005")]]);
    expect(named({ stopId: "STATION", agencyId: "1" })).toBeUndefined();
  });

  it("alertsToDisruptions - a route, an agency, a route type with direction_id: the line directions of all the fields at once", () => {
    expect(named({ routeId: "3002" })).toEqual([[ld("3_2_HEEN")], []]);
    expect(named({ agencyId: "1" })).toEqual([[ld("1_500_HEEN")], []]);
    expect(named({ agencyId: "3", routeType: 3 })).toEqual([[ld("3_1_HEEN"), ld("3_2_HEEN")], []]);
    expect(named({ routeType: 0, directionId: 0 })).toEqual([[ld("3_3_HEEN")], []]);
    expect(named({ routeType: 0, directionId: 1 })).toBeUndefined();
    expect(named({ routeId: "3002", agencyId: "1" })).toBeUndefined();
  });

  it("alertsToDisruptions - a trip: its line direction, where its descriptor and the selector's other fields fit it", () => {
    expect(named({ trip: { tripId: "LOOP1200" } })).toEqual([[ld("3_2_HEEN")], []]);
    expect(named({ trip: { tripId: "FREQ", startTime: "06:20:00" } })).toEqual([[ld("3_2_HEEN")], []]);
    expect(named({ trip: { tripId: "LOOP1200", routeId: "3002", directionId: 0 } })).toEqual([[ld("3_2_HEEN")], []]);
    // the fields of one selector are ANDed: a trip of another route, agency, route type or direction is nothing
    expect(named({ trip: { tripId: "LOOP1200" }, routeId: "3001" })).toBeUndefined();
    expect(named({ trip: { tripId: "LOOP1200" }, agencyId: "1" })).toBeUndefined();
    expect(named({ trip: { tripId: "LOOP1200" }, routeType: 0 })).toBeUndefined();
    expect(named({ trip: { tripId: "LOOP1200", directionId: 1 } })).toBeUndefined();
    expect(named({ trip: { tripId: "LOOP1200", routeId: "3001" } })).toBeUndefined();
    expect(named({ trip: { tripId: "LOOP1200" }, agencyId: "3", routeType: 3 })).toEqual([[ld("3_2_HEEN")], []]);
    // a trip with a stop: the line direction and the stop, where the trip calls
    expect(named({ trip: { tripId: "ZERO0800" }, stopId: "300002" })).toEqual([[ld("3_1_HEEN")], [stop("300002")]]);
    expect(named({ trip: { tripId: "ZERO0800" }, stopId: "300004" })).toBeUndefined();
  });

  it("alertsToDisruptions - a selector whose fields exclude each other is counted by the reason of what is missing", () => {
    const m = matchAlerts(
      net,
      viaProtobuf({
        trip: { informedEntity: [{ trip: { tripId: "LOOP1200" }, routeId: "3001" }] },
        stop: { informedEntity: [{ stopId: "STATION", routeId: "1500" }] },
        route: { informedEntity: [{ routeId: "3002", agencyId: "1" }] },
        station: { informedEntity: [{ stopId: "STATION" }] },
      }),
    );
    expect(m.outcomes).toEqual(["unknown_trip", "unknown_stop", "unknown_route", undefined]);
  });
});
