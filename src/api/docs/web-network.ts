/**
 * `/web-network.json` (docs/COMPATIBILITY.md W27): the served network's identity for the demo page at `/`, so
 * that the page serving New York's feeds says New York, not "the demo network". No key needed, like the page: it
 * is read before a visitor has typed one, and holds nothing the page would not show anyone.
 *
 * - Names: feed_info.txt's `feed_publisher_name` of each feed (gtfs.org/schedule/reference/#feed_infotxt), and
 *   the entities (a generic feed's agencies, agency.txt `agency_name`) for a feed without one.
 * - Counts and validity: /health's (network-validity.ts), so the page counts every stop of the network, not the
 *   length of one day's stop list, and can say why a day outside the validity shows no departures.
 * - Places for the map's labels: the municipalities of the reference data that hold a stop; without reference
 *   data (`import --reference none`) the feed's stations, each a `parent_station` at the middle of its platforms.
 *   Both are weighed by their stops, and built once per network.
 */
import type { FastifyPluginAsync } from "fastify";
import { networkSummary } from "../beheer/health.js";
import { formatDate } from "../shared/dates.js";
import { NONE16 } from "../../network/constants.js";
import { derivedIndex } from "../../network/derived-index.js";
import type { Network } from "../../network/model.js";
import { networkToday, networkValidity } from "../../network/queries/network-validity.js";
import type { NetworkSource } from "../shared/network-source.js";
import { WebNetwork } from "./web-network.schemas.js";

/** feed_publisher_name of the built-in demo feed (src/demo/generate-demo-feed.ts writes it). */
export const DEMO_PUBLISHER = "lijnwijzer demo network (generated)";

type Places = WebNetwork["places"];

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** Municipalities that hold a stop, else the feed's stations; the biggest first. */
export const mapPlaces = derivedIndex("municipalities or stations named on the demo page's map", (net: Network): Places => {
  const { stops, strings, meta } = net;
  const perMunicipality = new Uint32Array(meta.municipalities.length);
  let anyMunicipality = false;
  for (let s = 0; s < stops.count; s++) {
    const m = stops.municipality[s];
    if (m !== NONE16 && m < perMunicipality.length) {
      perMunicipality[m]++;
      anyMunicipality = true;
    }
  }
  if (anyMunicipality) {
    const items = meta.municipalities
      .map((m, i) => ({ name: m.name, lat: round5(m.lat), lon: round5(m.lon), stops: perMunicipality[i] }))
      .filter((p) => p.stops > 0);
    return { kind: "municipalities", items: items.sort((a, b) => b.stops - a.stops || a.name.localeCompare(b.name)) };
  }
  const stations = new Map<number, { name: string; lat: number; lon: number; stops: number }>();
  for (let s = 0; s < stops.count; s++) {
    const id = stops.parentGtfsId[s];
    if (!strings.get(id)) continue;
    const st = stations.get(id) ?? { name: strings.get(stops.parentName[s]), lat: 0, lon: 0, stops: 0 };
    st.lat += stops.lat[s];
    st.lon += stops.lon[s];
    st.stops++;
    stations.set(id, st);
  }
  const items = [...stations.values()].map((st) => ({ name: st.name, lat: round5(st.lat / st.stops), lon: round5(st.lon / st.stops), stops: st.stops }));
  return { kind: "stations", items: items.sort((a, b) => b.stops - a.stops || a.name.localeCompare(b.name)) };
});

export function webNetworkBody(net: Network, nowMs: number): WebNetwork {
  const summary = networkSummary(net, nowMs);
  const validity = networkValidity(net, networkToday(net, nowMs));
  const publishers = [...new Set(net.meta.feeds.map((f) => f.publisher?.trim() ?? "").filter(Boolean))];
  return {
    demo: net.meta.feeds.length === 1 && publishers[0] === DEMO_PUBLISHER,
    publishers,
    agencies: [...new Set(net.meta.entities.map((e) => e.name))],
    timezone: net.meta.timezone,
    counts: { stops: summary.counts.stops, lines: summary.counts.lines },
    validFrom: summary.validFrom,
    validTo: summary.validTo,
    validity: {
      state: validity.state,
      today: formatDate(validity.today),
      answersFor: validity.state === "empty" ? "" : formatDate(validity.defaultDay),
    },
    places: mapPlaces(net),
  };
}

export interface WebNetworkOptions {
  source: NetworkSource;
  now: () => number;
}

/** `/web-network.json`: revalidated on every load, as the network may be replaced by a reload. */
export const webNetworkRoute: FastifyPluginAsync<WebNetworkOptions> = async (app, { source, now }) => {
  app.get("/web-network.json", { config: { auth: false }, schema: { hide: true, response: { 200: WebNetwork } } }, async (_req, reply) => {
    reply.header("cache-control", "no-cache");
    return webNetworkBody(source.current(), now());
  });
};
