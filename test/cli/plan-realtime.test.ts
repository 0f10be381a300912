/**
 * `lijnwijzer plan --realtime` (through main()) on the fixtures realtime-added and realtime-after-midnight: the
 * answers their READMEs give, from a GTFS-Realtime file (protobuf) encoded from each fixture's trip-updates.json.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importFeeds } from "../../src/cli/import-command.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { fixtureDir, fixtureFeedMessage, type RealtimeFixture } from "../routing/support/fixture-network.js";
import { runMain } from "./support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "lw-plan-rt-"));
const snapshot = (name: RealtimeFixture) => join(dir, `${name}.snapshot`);
const feed = (name: RealtimeFixture) => join(dir, `${name}.pb`);

beforeAll(async () => {
  const quiet = { stage() {}, bar() {}, done() {} };
  for (const name of ["realtime-added", "realtime-after-midnight"] as const) {
    await importFeeds({ feeds: [fixtureDir(name)], out: snapshot(name), reference: "none", progress: quiet, log: () => {} });
    writeFileSync(feed(name), encodeFeedMessage(fixtureFeedMessage(name)));
  }
});

const plan = (...args: string[]) => runMain("plan", ...args);

describe("lijnwijzer plan --realtime", () => {
  it("plan realtime - the NEW express N0835 Noord -> Zuid, its trip id as the trip; the ADDED A0830 left at Midden at the feed's arrival", async () => {
    const r = await plan(snapshot("realtime-added"), "--from", "gtfs:301201", "--to", "gtfs:301203", "--at", "2024-06-11T08:05:00", "--realtime", feed("realtime-added"));
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").slice(0, 5)).toEqual([
      `3 itineraries from Fixture Noord [3_301201] to Fixture Zuid [3_301203], departing after 2024-06-11T08:05:00 (Europe/Brussels; real-time from ${feed("realtime-added")} (2 entities matched))`,
      "",
      "1. 08:35:00 -> 08:45:00  10 min, 0 transfers  (best match)",
      "   08:35:00 (on time)  BUS 1 towards Zuid (trip N0835) from Fixture Noord [3_301201]",
      "   08:45:00 (on time)    to Fixture Zuid [3_301203], 10 min",
    ]);
    const midden = await plan(snapshot("realtime-added"), "--from", "gtfs:301201", "--to", "gtfs:301202", "--at", "2024-06-11T08:05:00", "--realtime", feed("realtime-added"));
    expect(midden.stdout.split("\n").slice(2, 5)).toEqual([
      "1. 08:30:00 -> 08:39:00  9 min, 0 transfers  (best match)",
      "   08:30:00 (on time)  BUS 1 towards Zuid (trip A0830) from Fixture Noord [3_301201]",
      "   08:39:00 (on time)    to Fixture Midden [3_301202], 9 min",
    ]);
    const schedule = await plan(snapshot("realtime-added"), "--from", "gtfs:301201", "--to", "gtfs:301203", "--at", "2024-06-11T08:05:00");
    expect(schedule.stdout.split("\n")[2]).toBe("1. 09:00:00 -> 09:20:00  20 min, 0 transfers  (best match)");
  });

  it("plan realtime - Friday's WK2350, 15 minutes late, leaves Saturday 00:05: planned from Saturday 00:00", async () => {
    const r = await plan(snapshot("realtime-after-midnight"), "--from", "gtfs:301301", "--to", "gtfs:301302", "--at", "2024-06-15T00:00:00", "--realtime", feed("realtime-after-midnight"));
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").slice(0, 5)).toEqual([
      `2 itineraries from Fixture Noord [3_301301] to Fixture Zuid [3_301302], departing after 2024-06-15T00:00:00 (Europe/Brussels; real-time from ${feed("realtime-after-midnight")} (1 entities matched))`,
      "",
      "1. 00:05:00 -> 00:25:00  20 min, 0 transfers  (best match)",
      "   00:05:00 (scheduled 2024-06-14 23:50:00, +15 min)  BUS 1 towards Zuid (trip 2350) from Fixture Noord [3_301301]",
      "   00:25:00 (scheduled 00:10:00, +15 min)    to Fixture Zuid [3_301302], 20 min",
    ]);
    const schedule = await plan(snapshot("realtime-after-midnight"), "--from", "gtfs:301301", "--to", "gtfs:301302", "--at", "2024-06-15T00:00:00");
    expect(schedule.stdout.split("\n")[2]).toBe("1. 06:00:00 -> 06:10:00  10 min, 0 transfers  (best match)");
  });
});
