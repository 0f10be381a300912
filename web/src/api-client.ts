/**
 * The page's only way to the data: the public API, with the subscription key the server hands out in
 * /web-config.json (src/api/docs/web-page.ts) or the one the visitor typed. Answer types are the server's own schemas
 * (type-only imports: nothing of the server is bundled). URLs are relative to the page, so the page also works
 * below a path a reverse proxy adds.
 */
import type { Static } from "@sinclair/typebox";
import type { Halte, Lijnrichting } from "../../src/api/shared/common.schemas.js";
import type { Kaart as KaartSchema, LijnrichtingGeometrie as LijnrichtingGeometrieSchema } from "../../src/api/core/kaart/geometrie.schemas.js";
import type { RealtimeHalteDoorkomsten } from "../../src/api/core/real-time/real-time.schemas.js";
import type { Routeplan } from "../../src/api/core/routeplan/routeplan.schemas.js";
import type { Bereikbaarheid } from "../../src/api/core/bereikbaarheid/bereikbaarheid.schemas.js";
import type { Voertuig, Voertuigen } from "../../src/api/core/voertuigen/voertuigen.schemas.js";
import type { HaltesHits, LocatiesHits } from "../../src/api/zoek/zoeken.schemas.js";
import type { WebConfig } from "../../src/api/docs/web-page.schemas.js";
import type { WebNetwork } from "../../src/api/docs/web-network.schemas.js";
import { ApiError } from "./api-error.js";
import { readEventStream, type ServerEvent, type Subscribe } from "./event-stream.js";

export { ApiError };

export type { Bereikbaarheid, Halte, Lijnrichting, RealtimeHalteDoorkomsten, Routeplan, HaltesHits, LocatiesHits, Voertuig, Voertuigen, WebConfig, WebNetwork };
/** The map extension's GeoJSON answers (src/api/core/kaart/geometrie.ts). */
export type Kaart = Static<typeof KaartSchema>;
export type LijnrichtingGeometrie = Static<typeof LijnrichtingGeometrieSchema>;
export type Locatie = LocatiesHits["locaties"][number];
export type Reisweg = Routeplan["reiswegen"][number];
export type ReiswegStap = Reisweg["reiswegStappen"][number];
export type BereikbareHalte = Bereikbaarheid["haltes"][number];
export type RealtimeDoorkomst = RealtimeHalteDoorkomsten["halteDoorkomsten"][number]["doorkomsten"][number];

/** A point in decimal degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}


/** The header the operator's gateway reads (the query parameter would put the key in logs and histories). */
const KEY_HEADER = "Ocp-Apim-Subscription-Key";
/** How many suggestions a search asks for. */
const SUGGESTIONS = 8;
/** How many passages the departures board shows. */
const DEPARTURES = 12;

export async function loadWebConfig(): Promise<WebConfig> {
  const res = await fetch("web-config.json", { cache: "no-store" });
  if (!res.ok) throw new ApiError(res.status, "web-config.json");
  return (await res.json()) as WebConfig;
}

/** The served network's names, counts, validity and places (src/api/docs/web-network.ts); no key needed. */
export async function loadWebNetwork(): Promise<WebNetwork> {
  const res = await fetch("web-network.json", { cache: "no-cache" });
  if (!res.ok) throw new ApiError(res.status, "web-network.json");
  return (await res.json()) as WebNetwork;
}

export type Api = ReturnType<typeof createApi>;

/** `key` is read per request (the visitor may type one later); `onUnauthorized` hears of every 401. */
export function createApi(config: WebConfig, key: () => string | undefined, onUnauthorized: () => void = () => {}) {
  const core = `.${config.corePrefix}/v1/beta`;
  const search = `.${config.searchPrefix}/v1/beta/zoek`;
  const segment = encodeURIComponent;

  const headers = (more: Record<string, string> = {}): Record<string, string> => {
    const k = key();
    return k ? { ...more, [KEY_HEADER]: k } : more;
  };

  async function failed(res: Response): Promise<ApiError> {
    if (res.status === 401) onUnauthorized();
    let message = res.statusText;
    try {
      message = (JSON.parse(await res.text()) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the status text says enough
    }
    return new ApiError(res.status, message);
  }

  async function get<T>(url: string, signal?: AbortSignal): Promise<T> {
    const res = await fetch(url, { headers: headers(), signal });
    if (!res.ok) throw await failed(res);
    return (await res.json()) as T;
  }

  /**
   * The same path as an event stream (docs/COMPATIBILITY.md R24: `Accept: text/event-stream`); an answer that is no
   * event stream (a server older than the streams answers JSON) rejects, and the caller polls instead.
   */
  async function stream(url: string, onEvent: (e: ServerEvent) => void, signal: AbortSignal): Promise<void> {
    const res = await fetch(url, { headers: headers({ Accept: "text/event-stream" }), signal, cache: "no-store" });
    if (!res.ok) throw await failed(res);
    if (!res.body || !(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      await res.body?.cancel();
      throw new ApiError(res.status, "not an event stream");
    }
    await readEventStream(res.body, onEvent);
  }

  const latlng = (p: LatLon) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;
  const lineDirectionPath = (ld: Pick<Lijnrichting, "entiteitnummer" | "lijnnummer" | "richting">) =>
    `${core}/lijnen/${segment(ld.entiteitnummer)}/${segment(ld.lijnnummer)}/lijnrichtingen/${ld.richting}`;

  const stopPath = (h: Pick<Halte, "entiteitnummer" | "haltenummer">) => `${core}/haltes/${segment(h.entiteitnummer)}/${segment(h.haltenummer)}`;
  const realtimeUrl = (h: Pick<Halte, "entiteitnummer" | "haltenummer">) => `${stopPath(h)}/real-time?maxAantalDoorkomsten=${DEPARTURES}`;
  type LineDirectionRef = Pick<Lijnrichting, "entiteitnummer" | "lijnnummer" | "richting">;
  const vehiclesUrl = (ld?: LineDirectionRef) => (ld ? `${lineDirectionPath(ld)}/voertuigen` : `${core}/voertuigen`);
  /** P27/P28: the stops reached within `minutes`, leaving now, with the area as GeoJSON. */
  const reachQuery = (minutes: number) => `?minuten=${minutes}&geojson=true`;

  return {
    /** E7: stops matching free text, nearer ones first when `near` is given. */
    searchStops: (text: string, signal: AbortSignal, near?: LatLon) =>
      get<HaltesHits>(`${search}/haltes/${segment(text)}?maxAantalHits=${SUGGESTIONS}${near ? `&huidigePositie=${latlng(near)}` : ""}`, signal),
    /** E8: addresses, streets, stations, stops, municipalities matching free text. */
    searchLocations: (text: string, signal: AbortSignal) =>
      get<LocatiesHits>(`${search}/locaties/${segment(text)}?maxAantalHits=${SUGGESTIONS}`, signal),
    /** The next passages at a stop, with real-time predictions. */
    realtime: (h: Pick<Halte, "entiteitnummer" | "haltenummer">) => get<RealtimeHalteDoorkomsten>(realtimeUrl(h)),
    /** The same passages as a stream: event `doorkomsten` on connect and each time they change (R24). */
    realtimeStream: (h: Pick<Halte, "entiteitnummer" | "haltenummer">): Subscribe => (onEvent, signal) => stream(realtimeUrl(h), onEvent, signal),
    /** R21: the vehicles under way now, of the network or of one line direction. */
    vehicles: (ld?: LineDirectionRef) => get<Voertuigen>(vehiclesUrl(ld)),
    /** The same as a stream: event `voertuigen` on connect and each time a vehicle moves (R24). */
    vehiclesStream: (ld?: LineDirectionRef): Subscribe => (onEvent, signal) => stream(vehiclesUrl(ld), onEvent, signal),
    /** P27 from a stop (and the stops its footpaths join it to). */
    reachFromStop: (h: Pick<Halte, "entiteitnummer" | "haltenummer">, minutes: number) => get<Bereikbaarheid>(`${stopPath(h)}/bereikbaarheid${reachQuery(minutes)}`),
    /** P27 from a coordinate (walking up to 1 km to the first stop). */
    reachFromPlace: (p: LatLon, minutes: number) => get<Bereikbaarheid>(`${core}/bereikbaarheid/${latlng(p)}${reachQuery(minutes)}`),
    /** The line directions serving a stop, with their public numbers and colours. */
    stopLineDirections: (h: Pick<Halte, "entiteitnummer" | "haltenummer">) =>
      get<{ lijnrichtingen: Lijnrichting[] }>(`${stopPath(h)}/lijnrichtingen`),
    /** E19: the stops of a line direction in travel order. */
    lineDirectionStops: (ld: Pick<Lijnrichting, "entiteitnummer" | "lijnnummer" | "richting">) =>
      get<{ haltes: Halte[] }>(`${lineDirectionPath(ld)}/haltes`),
    /** E6: every stop valid today (large; the browser asks for it compressed). */
    allStops: () => get<{ haltes: Halte[] }>(`${core}/haltes`),
    /** E1: itineraries; `query` holds tijdstip, vertrekAankomst, or a page link's aanvraagType and tijdstip. */
    plan: (from: LatLon, to: LatLon, query: URLSearchParams) => {
      const q = query.toString();
      return get<Routeplan>(`${core}/routeplan/${latlng(from)}/${latlng(to)}${q ? `?${q}` : ""}`);
    },
    /** A geometry endpoint the server announced in /web-config.json (GeoJSON), below the core prefix. */
    geometry: <T>(path: string) => get<T>(`${core}${path}`),
    lineDirectionPath,
  };
}
