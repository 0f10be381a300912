import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { SUBSCRIPTION_KEY_HEADER } from "../../src/api/http/auth.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { importFeeds } from "../../src/cli/import-command.js";
import { DEMO_API_KEY } from "../../src/config/api-keys.js";
import { loadConfig } from "../../src/config/load-config.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { fixtureDir, fixtureFeedMessage, type RoutingFixture } from "../routing/support/fixture-network.js";
import { runMain } from "./support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "lw-plan-"));
const snapshot = (name: RoutingFixture) => join(dir, `${name}.snapshot`);

beforeAll(async () => {
  const quiet = { stage() {}, bar() {}, done() {} };
  for (const name of ["walk-transfer", "realtime", "dst-sunday", "walking-only", "no-route", "min-transfer-time", "wheelchair-unknown"] as const) {
    await importFeeds({ feeds: [fixtureDir(name)], out: snapshot(name), reference: "none", progress: quiet, log: () => {} });
  }
  writeFileSync(join(dir, "trip-updates.pb"), encodeFeedMessage(fixtureFeedMessage()));
});

const plan = (...args: string[]) => runMain("plan", ...args);

describe("lijnwijzer plan", () => {
  it("plan - a change of line over a 209 s walk, step by step, as the walk-transfer fixture's README says", async () => {
    const r = await plan(snapshot("walk-transfer"), "--from", "3_300201", "--to", "gtfs:300204", "--at", "2024-06-11T07:55:00");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "1 itinerary from Fixture Noord [3_300201] to Fixture Zuid [3_300204], departing after 2024-06-11T07:55:00 (Europe/Brussels; schedule)",
      "",
      "1. 08:00:00 -> 08:25:00  25 min, 1 transfer, 3 min 29 s walking  (best match)",
      "   08:00:00  BUS 1 towards Kerk (trip 800) from Fixture Noord [3_300201]",
      "   08:10:00    to Fixture Kerk [3_300202], 10 min",
      "   08:10:00  walk 200 m to Fixture Markt [3_300203], 3 min 29 s",
      "   08:13:29  wait 1 min 31 s at Fixture Markt [3_300203]",
      "   08:15:00  BUS 2 towards Zuid (trip 815) from Fixture Markt [3_300203]",
      "   08:25:00    to Fixture Zuid [3_300204], 10 min",
    ]);
  });

  it("plan - min_transfer_time: the 300 s of transfers.txt between two platforms misses the 08:13 bus", async () => {
    const r = await plan(snapshot("min-transfer-time"), "--from", "gtfs:300301", "--to", "gtfs:300304", "--at", "2024-06-11T07:55:00");
    expect(r.stdout).toContain("1. 08:00:00 -> 08:53:00  53 min, 1 transfer, 5 min walking  (best match)");
    expect(r.stdout).toContain("   08:10:00  walk 20 m to Fixture Station perron 2 [3_300303], 5 min");
  });

  it("plan - --realtime plans on a GTFS-RT file: the cancelled trip is gone, the delayed one counts at its prediction", async () => {
    const r = await plan(snapshot("realtime"), "--from", "gtfs:300701", "--to", "gtfs:300703", "--at", "2024-06-11T07:55:00", "--realtime", join(dir, "trip-updates.pb"));
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toContain(`(Europe/Brussels; real-time from ${join(dir, "trip-updates.pb")} (3 entities matched))`);
    expect(lines.slice(2, 5)).toEqual([
      "1. 08:25:00 -> 08:45:00  20 min, 0 transfers  (best match)",
      "   08:25:00 (scheduled 08:15:00, +10 min)  BUS 1 towards Zuid (trip 815) from Fixture Noord [3_300701]",
      "   08:45:00 (scheduled 08:35:00, +10 min)    to Fixture Zuid [3_300703], 20 min",
    ]);
    expect(r.stdout).not.toContain("trip 800");
    const schedule = await plan(snapshot("realtime"), "--from", "gtfs:300701", "--to", "gtfs:300703", "--at", "2024-06-11T07:55:00");
    expect(schedule.stdout.split("\n")[2]).toBe("1. 08:00:00 -> 08:20:00  20 min, 0 transfers  (best match)");
  });

  it("plan - the fall-back Sunday: 1 h 25 min between 02:30 CEST and 02:55 CET", async () => {
    const r = await plan(snapshot("dst-sunday"), "--from", "gtfs:300601", "--to", "gtfs:300603", "--at", "2024-10-27T00:00:00");
    expect(r.stdout).toContain("1. 02:30:00 -> 02:55:00  1 h 25 min, 1 transfer  (best match)");
    expect(r.stdout).toContain("   02:40:00  wait 1 h 5 min at Fixture Midden [3_300602]");
  });

  it("plan - walking beats the bus between two coordinates", async () => {
    const r = await plan(snapshot("walking-only"), "--from", "50.9,4.7", "--to", "50.895,4.7", "--at", "2024-06-11T08:00:00");
    expect(r.stdout.split("\n").slice(2, 4)).toEqual([
      "1. 08:00:00 -> 08:09:39  9 min 39 s, walking only  (best match)",
      "   08:00:00  walk 556 m to the destination (50.895,4.7), 9 min 39 s",
    ]);
  });

  it("plan - --wheelchair on unknown values: the unknown trips proposed and marked when the accessible one is 50 min later", async () => {
    const at = ["--from", "3_300801", "--at", "2024-06-11T07:55:00", "--wheelchair"];
    const r = await plan(snapshot("wheelchair-unknown"), ...at, "--to", "3_300803");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "3 itineraries from Fixture Noord perron [3_300801] to Fixture Zuid [3_300803], departing after 2024-06-11T07:55:00 (Europe/Brussels; schedule; wheelchair)",
      "",
      "1. 08:10:00 -> 08:30:00  20 min, 0 transfers  (best match)  (wheelchair access unknown)",
      "   08:10:00  BUS 1 towards Zuid (trip 810) from Fixture Noord perron [3_300801]  [wheelchair access unknown: vehicle]",
      "   08:30:00    to Fixture Zuid [3_300803], 20 min",
      "",
      "2. 08:50:00 -> 09:10:00  20 min, 0 transfers  (wheelchair access unknown)",
      "   08:50:00  BUS 1 towards Zuid (trip 850) from Fixture Noord perron [3_300801]  [wheelchair access unknown: vehicle]",
      "   09:10:00    to Fixture Zuid [3_300803], 20 min",
      "",
      "3. 09:00:00 -> 09:20:00  20 min, 0 transfers",
      "   09:00:00  BUS 1 towards Zuid (trip 900) from Fixture Noord perron [3_300801]",
      "   09:20:00    to Fixture Zuid [3_300803], 20 min",
    ]);
    const midden = await plan(snapshot("wheelchair-unknown"), ...at, "--to", "3_300802");
    expect(midden.stdout.split("\n").slice(2)).toEqual([
      "1. 10:00:00 -> 10:20:00  20 min, 0 transfers  (best match)  (wheelchair access unknown)",
      "   10:00:00  BUS 2 towards Midden (trip 1000) from Fixture Noord perron [3_300801]",
      "   10:20:00    to Fixture Midden [3_300802], 20 min  [wheelchair access unknown: stop]",
    ]);
    const oost = await plan(snapshot("wheelchair-unknown"), ...at, "--to", "3_300804");
    expect(oost.stdout.split("\n")[0]).toMatch(/^no itinerary from/);
    const json = JSON.parse((await plan(snapshot("wheelchair-unknown"), ...at, "--to", "3_300802", "--json")).stdout);
    expect(json.reiswegen[0].toegankelijkheidOnbekend).toBe(true);
    expect(json.reiswegen[0].reiswegStappen[0].aankomstPunt.toegankelijkheidOnbekend).toBe(true);
  });

  it("plan - no route is an answer: exit 0, no itinerary", async () => {
    const r = await plan(snapshot("no-route"), "--from", "gtfs:300901", "--to", "gtfs:300904", "--at", "2024-06-11T07:00:00");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      "no itinerary from Fixture Noord [3_300901] to Fixture Zuid [3_300904], departing after 2024-06-11T07:00:00 (Europe/Brussels; schedule)",
    );
  });

  it("plan - --json prints the body E1 answers for the same query, with E1's links at http://localhost:PORT", async () => {
    const r = await plan(snapshot("walk-transfer"), "--from", "50.9,4.7", "--to", "50.84,4.7", "--at", "2024-06-11T07:55:00", "--json");
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { reiswegen: Array<Record<string, unknown>>; links: Array<{ rel: string; url: string }> };
    expect(body.reiswegen[0]).toMatchObject({
      bestpassend: true,
      overstappen: 1,
      duurtijd: { start: "2024-06-11T08:00:00", einde: "2024-06-11T08:25:00", duurtijd: "PT25M" },
    });
    const steps = body.reiswegen[0].reiswegStappen as Array<{ type: string }>;
    expect(steps.map((s) => s.type)).toEqual(["VOERTUIG", "WANDELEN", "WACHTEN", "VOERTUIG"]);
    const e1 = "http://localhost:8080/DLKernOpenData/v1/beta/routeplan/50.9,4.7/50.84,4.7";
    expect(body.links).toEqual([
      { rel: "self", url: `${e1}?tijdstip=2024-06-11T07%3A55%3A00&realtime=false` },
      { rel: "vroeger", url: `${e1}?aanvraagType=VROEGER&tijdstip=2024-06-11T08%3A25%3A00&realtime=false` },
      { rel: "later", url: `${e1}?aanvraagType=LATER&tijdstip=2024-06-11T08%3A00%3A00&realtime=false` },
    ]);

    const app = await buildApp({ network: staticNetworkSource(loadSnapshot(snapshot("walk-transfer"))), config: { ...loadConfig({}), logLevel: "silent" } });
    const res = await app.inject({ url: "/DLKernOpenData/v1/beta/routeplan/50.9,4.7/50.84,4.7?tijdstip=2024-06-11T07:55:00&realtime=false", headers: { host: "localhost:8080", [SUBSCRIPTION_KEY_HEADER]: DEMO_API_KEY } });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(body.reiswegen).toEqual(res.json().reiswegen);
  });

  it("plan - --json between two stops: E1's itineraries, no E1 links (E1 has no URL for a stop point)", async () => {
    const r = await plan(snapshot("walk-transfer"), "--from", "gtfs:300201", "--to", "3_300204", "--at", "2024-06-11T07:55:00", "--json");
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { reiswegen: Array<{ reiswegStappen: Array<{ vertrekPunt: { id: string; afstand: number } }> }>; links: unknown[] };
    expect(body.reiswegen[0].reiswegStappen[0].vertrekPunt).toMatchObject({ id: "300201", afstand: 0 });
    expect(body.links).toEqual([]);
  });

  it("plan - arguments it cannot read are usage errors naming what to give", async () => {
    const s = snapshot("walk-transfer");
    const cases: Array<[string[], string]> = [
      [[s, "--to", "gtfs:300204"], "lijnwijzer plan: needs --from <point> and --to <point>: see lijnwijzer plan --help"],
      [[s, "--from", "nowhere", "--to", "gtfs:300204"], '--from "nowhere" is no point: give <latitude>,<longitude>'],
      [[s, "--from", "gtfs:nope", "--to", "gtfs:300204"], '--from "gtfs:nope": no stop has the GTFS stop_id or stop_code nope'],
      [[s, "--from", "91,4", "--to", "gtfs:300204"], '--from "91,4" lies out of range'],
      [[s, "--from", "3_300201", "--to", "gtfs:300204", "--at", "tomorrow"], '--at "tomorrow" is no date-time'],
      [[s, "--from", "3_300201", "--to", "gtfs:300204", "--modes", "BOAT"], '--modes "BOAT" names no mode of BUS, TRAM, METRO, TREIN'],
      [[s, "--from", "3_300201", "--to", "gtfs:300204", "--max-transfers", "many"], '--max-transfers must be a whole number from 0 to 10, not "many"'],
    ];
    for (const [args, message] of cases) {
      const r = await plan(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toMatch(/^lijnwijzer plan: .*: see lijnwijzer plan --help$/);
    }
  });

  it("plan - a missing snapshot or GTFS-RT file says so", async () => {
    const missing = await plan(join(dir, "none.snapshot"), "--from", "1_1", "--to", "1_2");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("does not exist: make one with `lijnwijzer import");
    const rt = await plan(snapshot("realtime"), "--from", "gtfs:300701", "--to", "gtfs:300703", "--realtime", join(dir, "none.pb"));
    expect(rt.code).toBe(1);
    expect(rt.stderr).toContain(`--realtime ${join(dir, "none.pb")} does not exist: give a GTFS-Realtime file (protobuf)`);
  });
});
