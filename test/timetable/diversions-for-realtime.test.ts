import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { alertsToDisruptions } from "../../src/realtime/alerts-to-disruptions.js";
import { diversionsFor } from "../../src/timetable/diversions-for.js";
import { findDiversion } from "../../src/timetable/find-diversion.js";
import type { RealtimeOverlay } from "../../src/timetable/realtime-overlay.js";
import { alertsNetwork, texts, viaProtobuf } from "../realtime/support/alerts-fixture.js";
import { lineDirIdx, stopIdx } from "./support/fixture-network.js";

describe("diversionsFor and findDiversion with a real-time overlay (alerts fixture)", () => {
  let net: Network;
  let overlay: RealtimeOverlay;
  const MARKT = 2_125_573_564;
  beforeAll(async () => {
    net = await alertsNetwork();
    const alerts = viaProtobuf({ markt: { informedEntity: [{ stopId: "300002" }], headerText: texts(["nl", "Markt"], ["de", "Marktplatz"]) } });
    overlay = { passage: () => undefined, disruptions: alertsToDisruptions(net, alerts) };
  });

  it("diversionsFor - the overlay's disruptions beside the dataset's, sorted by id and filtered alike", () => {
    const ids = (p: Parameters<typeof diversionsFor>[1]) => diversionsFor(net, p).map((v) => v.diversion.id);
    expect(ids({ date: 20240312, realtime: overlay })).toEqual([9001, 9002, MARKT]);
    expect(ids({ date: 20240312 })).toEqual([9001, 9002]);
    expect(ids({ kind: "omleiding", date: 20240312, realtime: overlay })).toEqual([9001]);
    expect(ids({ kind: "storing", date: 20240312, stops: [stopIdx(net, "300002")], realtime: overlay })).toEqual([9002, MARKT]);
    expect(ids({ kind: "storing", date: 20240312, lineDirections: [lineDirIdx(net, "3_1_HEEN")], realtime: overlay })).toEqual([]);
  });

  it("findDiversion - finds an alert's disruption through the overlay only, in its language or Dutch", () => {
    expect(findDiversion(net, MARKT, "de", overlay)).toMatchObject({ language: "de", title: "Marktplatz" });
    expect(findDiversion(net, MARKT, "fr", overlay)).toMatchObject({ language: "nl", title: "Markt" });
    expect(findDiversion(net, 9001, "nl", overlay).diversion.kind).toBe("omleiding");
    expect(() => findDiversion(net, MARKT)).toThrow(`Diversion ${MARKT} does not exist`);
  });
});
