/**
 * A network of one's own under the generic profile, without reference data (`--reference none`):
 * line numbers, public numbers and colours as a client sees them over HTTP.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import { route } from "../../../support/feed-builder.js";
import { twoAgencyFeed } from "../../../network/support/two-agency-feed.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

const routes = [
  route("A", { agencyId: "NYCT", shortName: "A", longName: "8 Avenue Express", sortOrder: 1, color: 0x0062cf, textColor: 0xffffff }),
  route("N", { agencyId: "NYCT", shortName: "N", longName: "Broadway Local", sortOrder: 13, color: 0xf6bc26, textColor: 0x000000 }),
  route("1", { agencyId: "NYCT", shortName: "1", longName: "Broadway - 7 Avenue Local", sortOrder: 20, color: 0xd82233, textColor: 0xffffff }),
  route("L1", { agencyId: "LIRR", longName: "Babylon Branch", color: 0x00985f, textColor: 0xffffff }),
  route("L2", { agencyId: "LIRR", longName: "Belmont Branch", color: 0xce8e00, textColor: 0x121212 }),
];

/** Tuesday 2024-01-16 08:00 in New York (EST, UTC-5). */
const NOW_MS = Date.UTC(2024, 0, 16, 13, 0);

describe("generic profile over HTTP (no reference data)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const net = compileNetwork([
      {
        profile: "generic",
        feed: twoAgencyFeed(routes),
      },
    ]);
    app = await timetableApp(net, () => NOW_MS);
  });
  afterAll(() => app.close());

  const pick = (l: any) => `${l.entiteitnummer}/${l.lijnnummer}/${l.lijnnummerPubliek}/${l.omschrijving}`;

  it("GET /lijnen/{e}/{l} - a numeric short name is the line number; lettered lines follow from 101; long-name-only lines get initials", async () => {
    const one = await get(app, "/api/v1/lijnen/1/1");
    expect(one.status).toBe(200);
    expect(pick(one.body)).toBe("1/1/1/Broadway - 7 Avenue Local");
    expect(pick((await get(app, "/api/v1/lijnen/1/101")).body)).toBe("1/101/A/8 Avenue Express");
    expect(pick((await get(app, "/api/v1/lijnen/1/102")).body)).toBe("1/102/N/Broadway Local");
    expect(pick((await get(app, "/api/v1/lijnen/2/1")).body)).toBe("2/1/BB/Babylon Branch");
    // "Belmont Branch" would also be BB: its whole name instead
    expect(pick((await get(app, "/api/v1/lijnen/2/2")).body)).toBe("2/2/Belmont Branch/Belmont Branch");
    const list = await get(app, "/api/v1/lijnen/lijst/1_1_1_101_2_1");
    expect(list.status).toBe(200);
    expect(list.body.lijnen.map(pick)).toEqual(["1/1/1/Broadway - 7 Avenue Local", "1/101/A/8 Avenue Express", "2/1/BB/Babylon Branch"]);
  });

  it("GET /kleuren - the lines' own colours, coded by hex and sorted by it", async () => {
    const { status, body } = await get(app, "/api/v1/kleuren");
    expect(status).toBe(200);
    expect(body.kleuren.map((k: any) => `${k.code} ${k.omschrijving} ${k.hex}`)).toEqual([
      "000000 #000000 000000",
      "0062CF #0062CF 0062CF",
      "00985F #00985F 00985F",
      "121212 #121212 121212",
      "CE8E00 #CE8E00 CE8E00",
      "D82233 #D82233 D82233",
      "F6BC26 #F6BC26 F6BC26",
      "FFFFFF #FFFFFF FFFFFF",
    ]);
    expect(body.kleuren[1]).toEqual({
      code: "0062CF",
      omschrijving: "#0062CF",
      rgb: { rood: 0, groen: 98, blauw: 207 },
      hex: "0062CF",
      links: [{ rel: "detail", url: `${BASE}/api/v1/kleuren/0062CF` }],
    });
    const one = await get(app, "/api/v1/kleuren/f6bc26");
    expect(one.status).toBe(200);
    expect(one.body.rgb).toEqual({ rood: 246, groen: 188, blauw: 38 });
  });

  it("GET /lijnen/{e}/{l}/lijnkleuren - each of the four colours points at the line's exact colour", async () => {
    const codes = async (e: number, l: number) => {
      const { status, body } = await get(app, `/api/v1/lijnen/${e}/${l}/lijnkleuren`);
      expect(status).toBe(200);
      return [body.voorgrond, body.achtergrond, body.voorgrondRand, body.achtergrondRand].map((c) => c.code).join(" ");
    };
    expect(await codes(1, 101)).toBe("FFFFFF 0062CF FFFFFF 0062CF");
    expect(await codes(1, 102)).toBe("000000 F6BC26 000000 F6BC26");
    expect(await codes(2, 2)).toBe("121212 CE8E00 121212 CE8E00");
    const { body } = await get(app, "/api/v1/lijnen/1/1/lijnkleuren");
    expect(body.achtergrond).toEqual({ code: "D82233", links: [{ rel: "detail", url: `${BASE}/api/v1/kleuren/D82233` }] });
  });
});
