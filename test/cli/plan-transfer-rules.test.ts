/**
 * `lijnwijzer import` and `lijnwijzer plan` on the transfers.txt fixtures (test/fixtures/routing/<case>/README.md):
 * no change of vehicle at a stop (transfer_type 3 to itself), staying on board (transfer_type 4, trips.block_id).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureDir, type RoutingFixture } from "../routing/support/fixture-network.js";
import { runMain } from "./support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "lw-transfer-rules-"));

async function planFixture(name: RoutingFixture, from: string, to: string, at: string, ...extra: string[]): Promise<string[]> {
  const out = join(dir, `${name}.snapshot`);
  const imported = await runMain("import", fixtureDir(name), "--out", out, "--reference", "none");
  expect(imported.code, imported.stderr).toBe(0);
  const r = await runMain("plan", out, "--from", `gtfs:${from}`, "--to", `gtfs:${to}`, "--at", at, ...extra);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split("\n");
}

describe("lijnwijzer import with transfers.txt rules", () => {
  it("import - the summary counts what route planning reads of transfers.txt and block_id", async () => {
    const summary = async (name: RoutingFixture) => {
      const r = await runMain("import", fixtureDir(name), "--out", join(dir, `summary-${name}.snapshot`), "--reference", "none");
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.split("\n").filter((l) => l.startsWith("  transfer rules"));
    };
    expect(await summary("in-seat-transfer")).toEqual(["  transfer rules: 0 naming routes or trips; staying on board: 1 link (type 4), 0 trips in blocks, 0 forbidden (type 5)"]);
    expect(await summary("block-in-seat-forbidden")).toEqual(["  transfer rules: 0 naming routes or trips; staying on board: 0 links (type 4), 3 trips in blocks, 1 forbidden (type 5)"]);
    expect(await summary("trip-forbidden-transfer")).toEqual(["  transfer rules: 2 naming routes or trips; staying on board: 0 links (type 4), 0 trips in blocks, 0 forbidden (type 5)"]);
    expect(await summary("chained-walk")).toEqual([]);
  });
});

describe("lijnwijzer plan with transfers.txt rules", () => {
  it("plan - no change at Kruispunt: walk across the street to line 3, as the no-change-at-stop fixture's README says", async () => {
    const lines = await planFixture("no-change-at-stop", "300501", "300504", "2024-06-11T07:55:00");
    expect(lines).toEqual([
      "1 itinerary from Fixture Noord [3_300501] to Fixture Zuid [3_300504], departing after 2024-06-11T07:55:00 (Europe/Brussels; schedule)",
      "",
      "1. 08:00:00 -> 08:40:00  40 min, 1 transfer, 21 s walking  (best match)",
      "   08:00:00  BUS 1 towards Kruispunt (trip 800) from Fixture Noord [3_300501]",
      "   08:10:00    to Fixture Kruispunt [3_300502], 10 min",
      "   08:10:00  walk 20 m to Fixture Kruispunt overkant [3_300503], 21 s",
      "   08:10:21  wait 19 min 39 s at Fixture Kruispunt overkant [3_300503]",
      "   08:30:00  BUS 3 towards Zuid (trip 830) from Fixture Kruispunt overkant [3_300503]",
      "   08:40:00    to Fixture Zuid [3_300504], 10 min",
    ]);
  });

  it("plan - block B1: the bus from Noord goes on as line 2 at Terminus: \"stay on board\", 0 transfers", async () => {
    const lines = await planFixture("block-continuation", "300701", "300704", "2024-06-11T07:55:00");
    expect(lines.slice(0, 9)).toEqual([
      "2 itineraries from Fixture Noord [3_300701] to Fixture Zuid [3_300704], departing after 2024-06-11T07:55:00 (Europe/Brussels; schedule)",
      "",
      "1. 08:00:00 -> 08:45:00  45 min, 0 transfers  (best match)",
      "   08:00:00  BUS 1 towards Terminus (trip 800) from Fixture Noord [3_300701]",
      "   08:20:00    to Fixture Terminus [3_300703], 20 min",
      "   08:20:00  wait 5 min at Fixture Terminus [3_300703]",
      "   08:25:00  stay on board: BUS 2 towards Zuid (trip 825) from Fixture Terminus [3_300703]",
      "   08:45:00    to Fixture Zuid [3_300704], 20 min",
      "",
    ]);
    // L1T0900 is the block's last trip: the change to L2T0925 is a transfer.
    expect(lines[9]).toBe("2. 09:00:00 -> 09:45:00  45 min, 1 transfer");
    expect(lines[13]).toBe("   09:25:00  BUS 2 towards Zuid (trip 925) from Fixture Terminus [3_300703]");
  });

  it("plan - transfer_type 4 L1T0800 -> L2T0822 at Keerpunt: \"stay on board\", arrive-by", async () => {
    const lines = await planFixture("in-seat-transfer", "300601", "300603", "2024-06-11T08:45:00", "--arrive-by");
    expect(lines).toEqual([
      "1 itinerary from Fixture Noord [3_300601] to Fixture Zuid [3_300603], arriving by 2024-06-11T08:45:00 (Europe/Brussels; schedule)",
      "",
      "1. 08:00:00 -> 08:40:00  40 min, 0 transfers  (best match)",
      "   08:00:00  BUS 1 towards Keerpunt (trip 800) from Fixture Noord [3_300601]",
      "   08:20:00    to Fixture Keerpunt [3_300602], 20 min",
      "   08:20:00  wait 2 min at Fixture Keerpunt [3_300602]",
      "   08:22:00  stay on board: BUS 2 towards Zuid (trip 822) from Fixture Keerpunt [3_300602]",
      "   08:40:00    to Fixture Zuid [3_300603], 18 min",
    ]);
  });

  it("plan - the trip-to-trip type 3 row beats the route rule: the 08:30 bus, as the trip-forbidden-transfer README says", async () => {
    const lines = await planFixture("trip-forbidden-transfer", "300901", "300903", "2024-06-11T07:55:00");
    expect(lines.slice(2, 7)).toEqual([
      "1. 08:00:00 -> 08:40:00  40 min, 1 transfer  (best match)",
      "   08:00:00  BUS 1 towards Knoop (trip 800) from Fixture Noord [3_300901]",
      "   08:10:00    to Fixture Knoop [3_300902], 10 min",
      "   08:10:00  wait 20 min at Fixture Knoop [3_300902]",
      "   08:30:00  BUS 2 towards Zuid (trip 830) from Fixture Knoop [3_300902]",
    ]);
  });

  it("plan - the route rule's 300 s at Knoop: the 08:20 bus; the timed transfer: the 08:10 one, no wait", async () => {
    const route = await planFixture("route-min-transfer-time", "300801", "300803", "2024-06-11T07:55:00");
    expect(route[2]).toBe("1. 08:00:00 -> 08:35:00  35 min, 1 transfer  (best match)");
    expect(route[6]).toBe("   08:20:00  BUS 2 towards Zuid (trip 820) from Fixture Knoop [3_300802]");
    const timed = await planFixture("timed-transfer", "301001", "301003", "2024-06-11T07:55:00");
    expect(timed.slice(2, 7)).toEqual([
      "1. 08:00:00 -> 08:25:00  25 min, 1 transfer  (best match)",
      "   08:00:00  BUS 1 towards Knoop (trip 800) from Fixture Noord [3_301001]",
      "   08:10:00    to Fixture Knoop [3_301002], 10 min",
      "   08:10:00  BUS 2 towards Zuid (trip 810) from Fixture Knoop [3_301002]",
      "   08:25:00    to Fixture Zuid [3_301003], 15 min",
    ]);
  });

  it("plan - at equal arrival the held change wins: line 3 at 08:10, as the timed-preferred README says", async () => {
    const lines = await planFixture("timed-preferred", "301101", "301103", "2024-06-11T07:55:00");
    expect(lines.slice(2, 7)).toEqual([
      "1. 08:00:00 -> 08:25:00  25 min, 1 transfer  (best match)",
      "   08:00:00  BUS 1 towards Knoop (trip 800) from Fixture Noord [3_301101]",
      "   08:10:00    to Fixture Knoop [3_301102], 10 min",
      "   08:10:00  BUS 3 towards Zuid (trip 810) from Fixture Knoop [3_301102]",
      "   08:25:00    to Fixture Zuid [3_301103], 15 min",
    ]);
  });
});
