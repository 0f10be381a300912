/**
 * Reachability over HTTP on the chained-walk fixture (test/fixtures/routing/chained-walk/README.md), from Noord's own
 * coordinate (no access walk): line 1 Noord 08:00 -> Kerk 08:10, walks to Brug (383 s) and Markt (766 s), line 2
 * Markt -> Zuid 08:25 -> 08:35.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fixtureNetwork } from "../../../routing/support/fixture-network.js";
import { BETA, call, closeApps, fixtureApp, type Json, ORIGIN, stopPoint, TUESDAY } from "../routeplan/support/fixture-plan.js";

afterAll(closeApps);

/** One line per stop: haltenummer vertrek>aankomst reistijdSeconden overstappen/ritten. */
const rows = (body: Json) =>
  body.haltes.map((h: Json) => `${h.haltenummer} ${h.vertrek.slice(11)}>${h.aankomst.slice(11)} ${h.reistijdSeconden}s ${h.overstappen}/${h.ritten}`);

async function reach(query: string, family = BETA): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
  const net = await fixtureNetwork("chained-walk");
  return call(await fixtureApp(net), `${family}/bereikbaarheid/${stopPoint(net, "301001")}?${query}`);
}

describe("bereikbaarheid", () => {
  it("bereikbaarheid - 30 minutes from Noord at 07:55: Noord, Kerk by line 1, Brug and Markt on foot after it", async () => {
    const { status, body, headers } = await reach(`tijdstip=${TUESDAY}T07:55:00`);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect([body.vertrek, body.minuten, body.venster, body.gebied]).toEqual([`${TUESDAY}T07:55:00`, 30, 1, undefined]);
    expect(rows(body)).toEqual(["301001 07:55:00>07:55:00 0s 0/0", "301002 07:55:00>08:10:00 900s 0/1", "301003 07:55:00>08:16:23 1283s 0/1", "301004 07:55:00>08:22:46 1666s 0/1"]);
    expect(body.haltes[1]).toMatchObject({
      entiteitnummer: "3",
      haltenummer: "301002",
      omschrijving: "Fixture Kerk",
      geoCoordinaat: { latitude: 50.87, longitude: 4.7 },
      links: [{ rel: "halte", url: `${ORIGIN}${BETA}/haltes/3/301002` }],
    });
  });

  it("bereikbaarheid - minuten=45 reaches Zuid with one transfer, in the v1 family too", async () => {
    const { body } = await reach(`tijdstip=${TUESDAY}T07:55:00&minuten=45`, "/DLKernOpenData/api/v1");
    expect(rows(body).at(-1)).toBe("301005 07:55:00>08:35:00 2400s 1/2");
    expect(body.haltes[4].links[0].url).toBe(`${ORIGIN}/DLKernOpenData/api/v1/haltes/3/301005`);
  });

  it("bereikbaarheid - venster=10: the median departure minute per stop (07:56 for Kerk: 14 min)", async () => {
    const { body } = await reach(`tijdstip=${TUESDAY}T07:55:00&venster=10`);
    expect(body.venster).toBe(10);
    expect(rows(body)).toEqual(["301001 07:55:00>07:55:00 0s 0/0", "301002 07:56:00>08:10:00 840s 0/1", "301003 07:56:00>08:16:23 1223s 0/1", "301004 07:56:00>08:22:46 1606s 0/1"]);
  });

  it("bereikbaarheid - geojson=true adds gebied: a closed 16-gon around the point and each stop", async () => {
    const { body } = await reach(`tijdstip=${TUESDAY}T07:55:00&geojson=true`);
    expect(body.gebied.type).toBe("MultiPolygon");
    expect(body.gebied.coordinates).toHaveLength(5);
    for (const polygon of body.gebied.coordinates) {
      expect(polygon[0]).toHaveLength(17);
      expect(polygon[0][16]).toEqual(polygon[0][0]);
    }
  });

  it("bereikbaarheid - 400 for minuten over 120, venster 0 and a malformed or out-of-range point", async () => {
    expect((await reach("minuten=121")).status).toBe(400);
    expect((await reach("minuten=0")).status).toBe(400);
    expect((await reach("venster=0")).status).toBe(400);
    const net = await fixtureNetwork("chained-walk");
    const app = await fixtureApp(net);
    const bad = await call(app, `${BETA}/bereikbaarheid/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("vertrekLatlng");
    expect((await call(app, `${BETA}/bereikbaarheid/95.0,4.7`)).status).toBe(400);
  });

  it("bereikbaarheid - a coordinate far from every stop: 200 with no haltes", async () => {
    const net = await fixtureNetwork("chained-walk");
    const { status, body } = await call(await fixtureApp(net), `${BETA}/bereikbaarheid/51.5,4.7?tijdstip=${TUESDAY}T07:55:00`);
    expect([status, body.haltes]).toEqual([200, []]);
  });

  it("bereikbaarheid - from a stop, /haltes/3/301001/bereikbaarheid, answers as from its coordinate; 404 for no such stop", async () => {
    const net = await fixtureNetwork("chained-walk");
    const app = await fixtureApp(net);
    const { status, body } = await call(app, `${BETA}/haltes/3/301001/bereikbaarheid?tijdstip=${TUESDAY}T07:55:00&minuten=45`);
    expect(status).toBe(200);
    expect(rows(body)).toEqual([
      "301001 07:55:00>07:55:00 0s 0/0",
      "301002 07:55:00>08:10:00 900s 0/1",
      "301003 07:55:00>08:16:23 1283s 0/1",
      "301004 07:55:00>08:22:46 1666s 0/1",
      "301005 07:55:00>08:35:00 2400s 1/2",
    ]);
    expect(body.links[0].url).toBe(`${ORIGIN}${BETA}/haltes/3/301001/bereikbaarheid?tijdstip=${TUESDAY}T07:55:00&minuten=45`);
    expect((await call(app, `${BETA}/haltes/3/399999/bereikbaarheid`)).status).toBe(404);
  });
});
