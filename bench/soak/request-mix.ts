/**
 * The soak's traffic: what clients of a transit API ask, in proportions we chose (nothing gives their shares): lookups of lines and stops, timetables, real-time departures (dashboards that poll a few
 * favourite stops), route plans and search as people type. Every URL is a valid request of the running network
 * (api-pools.ts), rendered in advance from a seeded stream, so that the capacity measurement and the soak that
 * follows ask the same things in the same proportions.
 */
import { createPrng, type Prng } from "../../src/demo/prng.js";
import type { ApiPools, PoolStop } from "../lib/api-pools.js";

export type Family = "lookup" | "timetable" | "real-time" | "route plan" | "search";

/** Share of each family in the traffic, in per cent. */
export const MIX: Readonly<Record<Family, number>> = {
  lookup: 30,
  timetable: 20,
  "real-time": 30,
  "route plan": 5,
  search: 15,
};

/** URLs rendered per family: enough variety that no cache sees only a handful. */
const URLS_PER_FAMILY = 2000;
/** Dashboards poll the same stops: this many stops get most real-time requests. */
const HOT_STOPS = 40;

export interface RequestMix {
  /** A path and query, drawn by the mix's shares. */
  next(): { family: Family; path: string };
  urls: Record<Family, string[]>;
}

export function requestMix(pools: ApiPools, seed: number, core = "/DLKernOpenData", search = "/DLZoekOpenData"): RequestMix {
  const rng = createPrng(`soak/${seed}`);
  const v1 = `${core}/api/v1`;
  const hot = Array.from({ length: HOT_STOPS }, () => rng.pick(pools.stops));
  const latlng = (s: PoolStop) => `${(s.lat + (rng.next() - 0.5) * 0.002).toFixed(6)},${(s.lon + (rng.next() - 0.5) * 0.002).toFixed(6)}`;
  const stopKey = (s: PoolStop) => `${s.entity}_${s.stop}`;
  const now = () => `${pools.today}T${String(rng.int(6, 21)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00`;
  const render: Record<Family, (r: Prng) => string> = {
    lookup: (r) => {
      const line = r.pick(pools.lines);
      const stop = r.pick(pools.stops);
      return r.pick([
        `${v1}/lijnen/${line.entity}/${line.line}`,
        `${v1}/lijnen/${line.entity}/${line.line}/lijnrichtingen`,
        `${v1}/haltes/${stop.entity}/${stop.stop}`,
        `${v1}/haltes/${stop.entity}/${stop.stop}/lijnrichtingen`,
        `${v1}/gemeenten/${r.pick(pools.municipalities).number}/lijnen`,
      ]);
    },
    timetable: (r) => {
      const stop = r.pick(pools.stops);
      const line = r.pick(pools.lines);
      return r.chance(0.6)
        ? `${v1}/haltes/${stop.entity}/${stop.stop}/dienstregelingen?datum=${pools.today}`
        : `${v1}/lijnen/${line.entity}/${line.line}/lijnrichtingen/${r.pick(["HEEN", "TERUG"])}/dienstregelingen?datum=${pools.today}`;
    },
    "real-time": (r) => {
      const stop = r.chance(0.8) ? r.pick(hot) : r.pick(pools.stops);
      return r.chance(0.75)
        ? `${v1}/haltes/${stop.entity}/${stop.stop}/real-time?maxAantalDoorkomsten=10`
        : `${v1}/haltes/lijst/${[stop, r.pick(hot), r.pick(hot)].map(stopKey).join("_")}/real-time`;
    },
    "route plan": (r) => {
      // From a stop to another one not far off: trips people plan are mostly regional.
      const from = r.pick(pools.stops);
      const near = pools.stops.filter((s) => Math.abs(s.lat - from.lat) < 0.3 && Math.abs(s.lon - from.lon) < 0.45 && s !== from);
      const to = near.length > 0 ? r.pick(near) : r.pick(pools.stops);
      return `${v1}/routeplan/${latlng(from)}/${latlng(to)}?tijdstip=${now()}`;
    },
    search: (r) => {
      const word = r.pick(pools.searchWords);
      const typed = encodeURIComponent(r.chance(0.5) ? word.slice(0, r.int(Math.min(3, word.length), word.length)) : word);
      const at = r.chance(0.5) ? `?huidigePositie=${latlng(r.pick(pools.stops))}` : "";
      return `${search}/v1/beta/zoek/${r.pick(["haltes", "haltes", "locaties", "lijnrichtingen"])}/${typed}${at}`;
    },
  };
  const urls = Object.fromEntries(
    (Object.keys(MIX) as Family[]).map((family) => [family, Array.from({ length: URLS_PER_FAMILY }, () => render[family](rng))]),
  ) as Record<Family, string[]>;
  const families = Object.keys(MIX) as Family[];
  const totalShare = families.reduce((n, f) => n + MIX[f], 0);
  const draw = createPrng(`soak/${seed}/draw`);
  return {
    urls,
    next() {
      let r = draw.next() * totalShare;
      let family = families[families.length - 1];
      for (const f of families) {
        r -= MIX[f];
        if (r < 0) {
          family = f;
          break;
        }
      }
      return { family, path: draw.pick(urls[family]) };
    },
  };
}
