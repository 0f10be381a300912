/**
 * locateStop on networks compiled from the feed builder with the feed's own stop_sequence values: numbered from
 * 0, in steps of 10, with values past 65,535 (a Uint32 column), and a loop trip A B C B D visiting B twice (E: a stop no trip serves).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network } from "../../src/network/model.js";
import { locateStop, POSITION_MASK, STOP_MISMATCH } from "../../src/realtime/locate-stop.js";
import { realtimeIndex } from "../../src/realtime/realtime-index.js";
import { calendar, feed, route, stop } from "../support/feed-builder.js";
import { tripOf } from "./support/stop-sequence-fixture.js";

function network(sequences: number[][]): Network {
  const stops = ["A", "B", "C", "D", "E"].map((id, i) => stop(id, 50.88 + i * 0.001, 4.7));
  const loop: Array<[string, string]> = [["A", "08:00:00"], ["B", "08:02:00"], ["C", "08:04:00"], ["B", "08:06:00"], ["D", "08:08:00"]];
  return compileNetwork(
    [
      {
        feed: feed({
          stops,
          routes: [route("R")],
          trips: sequences.map((seq, i) => ({ tripId: `T${i}`, routeId: "R", serviceId: "S", times: loop, sequences: seq })),
          calendars: [calendar("S", "1111111", 20240101, 20240131)],
        }),
        profile: "generic",
      },
    ],
    { now: new Date("2024-01-01T00:00:00Z") },
  );
}

/** "position" or "position!" (STOP_MISMATCH) or "-1". */
const shown = (r: number) => (r < 0 ? "-1" : `${r & POSITION_MASK}${(r & STOP_MISMATCH) !== 0 ? "!" : ""}`);

describe("locateStop", () => {
  let net: Network;
  const at = (trip: string, seq: number | undefined, stopId: string | undefined, cursor = 0) =>
    shown(locateStop(net, realtimeIndex(net), tripOf(net, trip), seq, stopId, cursor));
  beforeAll(() => {
    net = network([
      [0, 1, 2, 3, 4],
      [10, 20, 30, 40, 50],
      [1, 5, 70_000, 70_001, 100_000],
    ]);
  });

  it("locateStop - the network keeps each trip's own stop_sequence values, in a Uint32 column when one passes 65,535", () => {
    expect(net.trips.sequences).toBeInstanceOf(Uint32Array);
    const rows = (trip: string) => Array.from(net.trips.sequences.subarray(net.trips.sequenceStart[tripOf(net, trip)], net.trips.sequenceStart[tripOf(net, trip)] + 5));
    expect([rows("T0"), rows("T1"), rows("T2")]).toEqual([
      [0, 1, 2, 3, 4],
      [10, 20, 30, 40, 50],
      [1, 5, 70_000, 70_001, 100_000],
    ]);
  });

  it("locateStop - stop_sequence alone names the stop time with that value, not the n-th stop", () => {
    expect(["T0", "T1", "T2"].map((t) => [0, 1, 4, 5, 10, 40, 50, 70_001, 100_000].map((s) => at(t, s, undefined)))).toEqual([
      ["0", "1", "4", "-1", "-1", "-1", "-1", "-1", "-1"],
      ["-1", "-1", "-1", "-1", "0", "3", "4", "-1", "-1"],
      ["-1", "0", "-1", "1", "-1", "-1", "-1", "3", "4"],
    ]);
  });

  it("locateStop - stop_id alone: the first visit from the cursor, so a second update finds the loop's second visit", () => {
    expect([at("T1", undefined, "B"), at("T1", undefined, "B", 2), at("T1", undefined, "B", 4), at("T1", undefined, "X"), at("T1", undefined, "D")]).toEqual(["1", "3", "1", "-1", "4"]);
  });

  it("locateStop - both agreeing: the visit the stop_sequence names, whatever the cursor", () => {
    expect([at("T1", 20, "B", 3), at("T1", 40, "B", 0), at("T0", 3, "B", 0), at("T2", 70_001, "B", 0)]).toEqual(["1", "3", "3", "3"]);
  });

  it("locateStop - both disagreeing: the stop_id wins, at the visit nearest the stop_sequence's stop, flagged", () => {
    // 1-based positions sent over a schedule numbered from 0: stop_sequence 1 is B's, the stop_id says A
    expect(at("T0", 1, "A")).toBe("0!");
    // on the loop: stop_sequence 50 (D, position 4) with stop_id B: the visit at position 3, not 1
    expect(at("T1", 50, "B")).toBe("3!");
    // stop_sequence 30 (C, position 2) is as far from both visits of B: the first from the cursor
    expect([at("T1", 30, "B", 0), at("T1", 30, "B", 2)]).toEqual(["1!", "3!"]);
    // a stop_sequence the trip does not have: the stop_id from the cursor
    expect([at("T1", 3, "B", 0), at("T1", 3, "B", 2)]).toEqual(["1!", "3!"]);
    // a stop_id the trip does not have (E, another stop of the network; X, none): the stop_sequence's stop
    expect([at("T1", 30, "E"), at("T1", 30, "X")]).toEqual(["2!", "2!"]);
    // neither names a stop of the trip
    expect(at("T1", 35, "X")).toBe("-1");
  });
});
