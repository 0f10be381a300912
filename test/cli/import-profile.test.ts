import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { fixture, runCli, tempDir } from "./support/run-cli.js";

/** `lijnwijzer import`: which key profile each feed gets, the import's warnings, the validity warning. */
describe("lijnwijzer import: profiles, warnings, validity", () => {
  const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

  it("import - --profile auto is the default and takes delijn for a feed that follows the operator's conventions, saying why", () => {
    const out = join(tempDir(), "net.snapshot");
    const r = runCli(["import", fixture("minimal"), "--out", out, "--reference", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toBe("profile: delijn (auto) for minimal: 4 of 4 stop_ids and 2 of 2 route_ids follow the operator's conventions");
    const net = loadSnapshot(out);
    expect(net.meta.feeds.map((f) => f.profile)).toEqual(["delijn"]);
    expect(net.meta.entities.map((e) => e.number)).toEqual(["3"]);
  });

  it("import - --profile auto takes generic for another operator's feed and names the id that decided", () => {
    const out = join(tempDir(), "net.snapshot");
    const r = runCli(["import", fixture("expired"), "--out", out, "--reference", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toBe('profile: generic (auto) for expired: agency_id "RT" is no entity number');
    expect(loadSnapshot(out).meta.feeds.map((f) => f.profile)).toEqual(["generic"]);
    expect(r.stdout).not.toMatch(/stop_key_convention|route_key_convention/);
  });

  it("import - --profile auto decides per feed: a delijn feed and a generic one in one network", () => {
    const out = join(tempDir(), "net.snapshot");
    const r = runCli(["import", fixture("minimal"), fixture("expired"), "--out", out, "--reference", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").slice(0, 3)).toEqual([
      `imported 2 feeds into ${out}`,
      "profile: delijn (auto) for minimal: 4 of 4 stop_ids and 2 of 2 route_ids follow the operator's conventions",
      'profile: generic (auto) for expired: agency_id "RT" is no entity number',
    ]);
    const net = loadSnapshot(out);
    expect(net.meta.feeds.map((f) => `${f.source}:${f.profile}`)).toEqual(["minimal:delijn", "expired:generic"]);
    expect(net.meta.entities.map((e) => `${e.number}:${e.code}`)).toEqual(["3:3", "4:RT"]);
  });

  it("import - --profile delijn forced on another operator's feed hints at --profile generic", () => {
    const r = runCli(["import", fixture("expired"), "--out", join(tempDir(), "net.snapshot"), "--reference", "none", "--profile", "delijn"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toBe(
      "profile: delijn (--profile delijn) for expired, though the feed does not follow the operator's conventions: " +
        'agency_id "RT" is no entity number; import it with --profile generic, or without --profile',
    );
    expect(r.stdout).toMatch(/^ {2}stop_key_convention x12$/m);
  });

  it("import - --profile generic forced on a delijn feed says only that it was forced", () => {
    const r = runCli(["import", fixture("minimal"), "--out", join(tempDir(), "net.snapshot"), "--reference", "none", "--profile", "generic"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toBe("profile: generic (--profile generic) for minimal");
  });

  it("import - an unknown --profile is a usage error naming the three choices", () => {
    const r = runCli(["import", fixture("minimal"), "--out", join(tempDir(), "net.snapshot"), "--profile", "mta"]);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe('lijnwijzer import: --profile must be auto, delijn or generic, not "mta": see lijnwijzer import --help');
  });

  it("import - a warning kind lists its first five examples, then how many more", () => {
    const r = runCli(["import", fixture("expired"), "--out", join(tempDir(), "net.snapshot"), "--reference", "none"]);
    const lines = r.stdout.split("\n");
    const at = lines.indexOf("warnings: 7");
    expect(lines.slice(at, at + 8)).toEqual([
      "warnings: 7",
      "  orphan_stop x7",
      ...[1, 2, 3, 4, 5].map((i) => `    expired: stops.txt line ${7 + i}: stop_id "900${i}" is visited by no trip`),
      "    and 2 more",
    ]);
  });

  it("import - an expired feed ends the summary with one warning line: the dates, what the API answers, how to ask", () => {
    const r = runCli(["import", fixture("expired"), "--out", join(tempDir(), "net.snapshot"), "--reference", "none"]);
    expect(r.code).toBe(0);
    const last = r.stdout.trimEnd().split("\n").at(-1)!;
    expect(last).toMatch(/^lijnwijzer import: warning: the network expired: its last service day was 2020-06-12 /);
    expect(last).toContain(`today is ${todayIn("America/New_York")}`);
    expect(last).toContain("without geldigOp lists answer for 2020-06-12");
    expect(last).toContain("ask for a day within 2020-01-06 .. 2020-06-12 with geldigOp=yyyy-MM-ddTHH:mm:ss (lists) or datum=yyyy-MM-dd (timetables)");
    expect(r.stdout.match(/warning: /g)).toHaveLength(1);
  });

  it("import - a feed valid today prints no validity warning", () => {
    const dir = tempDir();
    cpSync(fixture("expired"), dir, { recursive: true });
    writeFileSync(
      join(dir, "calendar.txt"),
      "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,1,1,20200106,20991231\n",
    );
    const r = runCli(["import", dir, "--out", join(tempDir(), "net.snapshot"), "--reference", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("orphan_stop x7");
    expect(r.stdout).not.toContain("warning: ");
  });
});
