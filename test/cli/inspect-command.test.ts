import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture, runCli, tempDir } from "./support/run-cli.js";

/** `lijnwijzer inspect` of a snapshot of the expired fixture (generic profile, 12 stops, 2 lines, 7 orphan stops). */
describe("lijnwijzer inspect", () => {
  let snapshot = "";
  beforeAll(() => {
    snapshot = join(tempDir(), "expired.snapshot");
    expect(runCli(["import", fixture("expired"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
  });

  it("inspect - an expired snapshot: one warning line with the dates under the validity line", () => {
    const r = runCli(["inspect", snapshot]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[1]).toBe("time zone America/New_York; valid 2020-01-06 .. 2020-06-12");
    expect(lines[2]).toMatch(
      /^lijnwijzer inspect: warning: the network expired: its last service day was 2020-06-12 and today is \d{4}-\d{2}-\d{2}; .*ask for a day within 2020-01-06 \.\. 2020-06-12 with geldigOp=.* or datum=yyyy-MM-dd \(timetables\)$/,
    );
    expect(r.stdout.match(/warning: /g)).toHaveLength(1);
  });

  it("inspect - lists the import's warnings: each kind with its count, five examples and how many more", () => {
    const lines = runCli(["inspect", snapshot]).stdout.trimEnd().split("\n");
    expect(lines.slice(-8)).toEqual([
      "warnings at import: 7",
      "  orphan_stop x7",
      ...[1, 2, 3, 4, 5].map((i) => `    expired: stops.txt line ${7 + i}: stop_id "900${i}" is visited by no trip`),
      "    and 2 more",
    ]);
  });

  it("inspect --stops - a filter keeps the stops whose id, code, key or name contains it, case-insensitively, in aligned columns", () => {
    expect(runCli(["inspect", snapshot, "--stops", "main"]).stdout).toBe(
      [
        'stops matching "main": 2 of 12 (GTFS ids -> API keys)',
        "  stop_id  stop_code  key     resource        name",
        "  1002     RV-M1      1_1002  /haltes/1/1002  Main St & 1st Ave",
        "  1003     RV-M5      1_1003  /haltes/1/1003  Main St & 5th Ave",
        "",
      ].join("\n"),
    );
    const ids = (filter: string) =>
      runCli(["inspect", snapshot, "--stops", filter])
        .stdout.split("\n")
        .slice(2, -1)
        .map((l) => l.trim().split(/\s+/)[0]);
    expect(ids("rv-m")).toEqual(["1002", "1003", "1004"]); // stop_code RV-M1, RV-M5, RV-MILL
    expect(ids("1_1005")).toEqual(["1005"]); // API key
    expect(ids("900")).toEqual(["9001", "9002", "9003", "9004", "9005", "9006", "9007"]); // GTFS stop_id
    expect(ids("DEPOT GATE 7")).toEqual(["9007"]); // name
  });

  it("inspect --stops - without a filter lists every stop; a stop without stop_code shows -", () => {
    const r = runCli(["inspect", snapshot, "--stops"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("stops: 12 of 12 (GTFS ids -> API keys)");
    expect(lines).toHaveLength(14);
    expect(lines[2]).toBe("  1001     RV-STN     1_1001  /haltes/1/1001  Riverton Station");
  });

  it("inspect --lines - prints route_id, key, public number, resource path and description", () => {
    const lines = runCli(["inspect", snapshot, "--lines"]).stdout.trimEnd().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "lines: 2 of 2 (GTFS ids -> API keys)",
      "  route_id  key    public number  resource       description",
      "  10        1_10   10             /lijnen/1/10   Station - Mill Road",
    ]);
    // route 90 has no short name: its number and public number follow the generic profile's rule
    expect(lines[3]).toMatch(/^ {2}90 {8}1_(\d+) +\S+ +\/lijnen\/1\/\1 +Riverton Express$/);
    expect(runCli(["inspect", snapshot, "--lines", "express"]).stdout.split("\n").slice(2, -1).map((l) => l.trim().split(/\s+/)[0])).toEqual(["90"]);
  });

  it("inspect --lines - a filter nothing matches says so and exits 0", () => {
    const r = runCli(["inspect", snapshot, "--lines", "zzz"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('no line matching "zzz" (of 2 lines)\n');
  });

  it("inspect - a filter without --stops or --lines is a usage error", () => {
    const r = runCli(["inspect", snapshot, "main"]);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe("lijnwijzer inspect: takes one snapshot file (a filter text goes with --stops, --lines or --key-history): see lijnwijzer inspect --help");
  });
});
