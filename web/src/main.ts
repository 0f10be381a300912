/**
 * The demo page (docs/OPERATIONS.md "The demo page at /"): wires the parts together. It reads /web-config.json (the API's prefixes, the key it
 * may use, the geometry endpoints the server has), then:
 * - a stop search (E7) whose choice fills the departures board and shows the stop and its lines on the map;
 * - a journey planner (E8, then E1) whose chosen itinerary is drawn on the map;
 * - the map: every stop (E6), and, when the server has the geometry endpoints, every line and the municipality
 *   outlines; without them lines are drawn through their stops (E19).
 * Line shapes are asked once per line direction and kept.
 */
import "./style.css";
import {
  type Api,
  createApi,
  type HaltesHits,
  type Kaart,
  type LatLon,
  type Lijnrichting,
  type LijnrichtingGeometrie,
  loadWebConfig,
  type ReiswegStap,
  type WebConfig,
} from "./api-client.js";
import { combobox } from "./combobox.js";
import { departuresBoard } from "./departures-board.js";
import { byId } from "./dom.js";
import { type MapLine, NetworkMap, ZOOM_STEP } from "./network-map.js";
import { itineraryLegs, routePlanner } from "./route-planner.js";
import { applyStaticTexts, language, onLanguageChange, setLanguage, t } from "./strings.js";

type Halte = HaltesHits["haltes"][number];
/** A GeoJSON position: [longitude, latitude]. */
type Position = number[];

const KEY_STORAGE = "lijnwijzer.key";

function storedKey(): string | undefined {
  try {
    return localStorage.getItem(KEY_STORAGE) ?? undefined;
  } catch {
    return undefined;
  }
}

const toLatLon = ([lon, lat]: Position): LatLon => ({ lat, lon });

/** The part of a line between the points nearest `from` and, after it, nearest `to`. */
function between(points: LatLon[], from: LatLon, to: LatLon): LatLon[] | undefined {
  const k = Math.cos((from.lat * Math.PI) / 180);
  const d = (a: LatLon, b: LatLon) => (a.lat - b.lat) ** 2 + ((a.lon - b.lon) * k) ** 2;
  let i = -1;
  for (let n = 0; n < points.length; n++) if (i < 0 || d(points[n], from) < d(points[i], from)) i = n;
  let j = -1;
  for (let n = Math.max(0, i); n < points.length; n++) if (j < 0 || d(points[n], to) < d(points[j], to)) j = n;
  if (i < 0 || j <= i) return undefined;
  return [from, ...points.slice(i, j + 1), to];
}

/** Line direction shapes, asked once each: the geometry endpoint when the server has it, else the stops in order. */
function lineShapes(api: Api, config: WebConfig) {
  const cache = new Map<string, Promise<LatLon[]>>();
  return (ld: Pick<Lijnrichting, "entiteitnummer" | "lijnnummer" | "richting">): Promise<LatLon[]> => {
    const key = `${ld.entiteitnummer}_${ld.lijnnummer}_${ld.richting}`;
    let shape = cache.get(key);
    if (!shape) {
      const path = config.geometry.lineDirection;
      shape = path
        ? api
            .geometry<LijnrichtingGeometrie>(
              path.replace(":entiteitnummer", encodeURIComponent(ld.entiteitnummer)).replace(":lijnnummer", encodeURIComponent(ld.lijnnummer)).replace(":richting", ld.richting),
            )
            .then((f) => f.geometry.coordinates.map(toLatLon))
        : api.lineDirectionStops(ld).then((a) => a.haltes.map((s) => ({ lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude })));
      shape.catch(() => cache.delete(key));
      cache.set(key, shape);
    }
    return shape;
  };
}

/** The whole network's geometry (/kaart): municipality outlines, then one path per line in its colour. */
function drawNetworkGeometry(kaart: Kaart, map: NetworkMap): void {
  const lines: MapLine[] = [];
  const rings: LatLon[][] = [];
  for (const f of kaart.features) {
    if (f.properties.soort === "lijn") lines.push({ colour: f.properties.kleurAchterGrond, points: (f.geometry.coordinates as Position[]).map(toLatLon) });
    else for (const polygon of f.geometry.coordinates as Position[][][]) rings.push(...polygon.map((r) => r.map(toLatLon)));
  }
  map.setMunicipalities(rings);
  map.setLines(lines);
}

async function main(): Promise<void> {
  applyStaticTexts(document);
  const langButton = byId<HTMLButtonElement>("lang-toggle");
  // The button names the other language, in that language.
  const labelToggle = () => (langButton.lang = language() === "nl" ? "en" : "nl");
  labelToggle();
  langButton.addEventListener("click", () => setLanguage(language() === "nl" ? "en" : "nl"));

  let config: WebConfig;
  try {
    config = await loadWebConfig();
  } catch {
    byId("page-error").textContent = t("error.network");
    return;
  }

  byId<HTMLAnchorElement>("core-openapi").href = `.${config.corePrefix}/openapi.json`;
  byId<HTMLAnchorElement>("search-openapi").href = `.${config.searchPrefix}/openapi.json`;

  // The key: the one the server hands out, else the one the visitor typed (kept in this browser).
  let key = config.key ?? storedKey();
  // Nothing is asked before there is a key: the answers would only be 401s.
  let keyGiven = () => {};
  const keyReady = new Promise<void>((resolve) => (keyGiven = resolve));
  if (key !== undefined) keyGiven();
  const keyPanel = byId("key-panel");
  const keyInput = byId<HTMLInputElement>("key-input");
  const keyMessage = byId("key-message");
  keyPanel.hidden = key !== undefined;
  byId<HTMLFormElement>("key-form").addEventListener("submit", (e) => {
    e.preventDefault();
    key = keyInput.value.trim() || undefined;
    try {
      if (key) localStorage.setItem(KEY_STORAGE, key);
    } catch {
      // kept for this visit only
    }
    keyMessage.textContent = "";
    keyPanel.hidden = key !== undefined;
    if (key !== undefined) keyGiven();
  });
  const api = createApi(config, () => key, () => {
    keyPanel.hidden = false;
    keyMessage.textContent = t("key.refused");
  });
  const shapeOf = lineShapes(api, config);

  // The map
  const map = new NetworkMap(byId<SVGSVGElement>("map"));
  const mapStatus = byId("map-status");
  byId("map-zoom-in").addEventListener("click", () => map.zoom(ZOOM_STEP));
  byId("map-zoom-out").addEventListener("click", () => map.zoom(1 / ZOOM_STEP));
  byId("map-fit").addEventListener("click", () => map.reset());
  /** The stop or itinerary chosen last wins the map, whichever answer arrives last. */
  let mapChoice = 0;
  let stopCount = 0;
  const showMapCounts = () => (mapStatus.textContent = stopCount ? t("map.counts", { stops: stopCount, lines: map.counts().lines }) : t("map.loading"));
  showMapCounts();
  const baseMap = keyReady.then(async () => {
    const [all, kaart] = await Promise.all([api.allStops(), config.geometry.network ? api.geometry<Kaart>(config.geometry.network) : undefined]);
    stopCount = all.haltes.length;
    map.setStops(all.haltes.map((s) => ({ lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude })));
    if (kaart) drawNetworkGeometry(kaart, map);
    showMapCounts();
  });
  baseMap.catch(() => (mapStatus.textContent = t("error.network")));

  // Stops and departures
  const board = departuresBoard(byId("departures"), api);
  const stopBox = combobox<Halte>({
    input: byId<HTMLInputElement>("stop-input"),
    listbox: byId<HTMLUListElement>("stop-list"),
    status: byId("stop-status"),
    search: (text, signal) => api.searchStops(text, signal).then((a) => a.haltes),
    describe: (s) => ({ label: s.omschrijvingLang, detail: [s.omschrijvingGemeente, t("dep.stopCode", { code: s.haltenummer })].filter(Boolean).join(" · ") }),
    onChoose: (s) => {
      const where = { lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude, label: s.omschrijvingLang };
      const choice = ++mapChoice;
      void board.show({ entiteitnummer: s.entiteitnummer, haltenummer: s.haltenummer, name: s.omschrijvingLang }).then(async (lineDirections) => {
        await baseMap.catch(() => undefined);
        const lines = await Promise.all(
          lineDirections.map(async (ld) => ({ colour: ld.kleurAchterGrond ?? "#5b6770", points: await shapeOf(ld).catch(() => []) })),
        );
        if (choice === mapChoice) map.showStop(where, lines);
      });
    },
  });

  // The journey planner
  const planner = routePlanner(
    {
      form: byId<HTMLFormElement>("plan-form"),
      from: byId<HTMLInputElement>("plan-from"),
      fromList: byId<HTMLUListElement>("plan-from-list"),
      fromStatus: byId("plan-from-status"),
      to: byId<HTMLInputElement>("plan-to"),
      toList: byId<HTMLUListElement>("plan-to-list"),
      toStatus: byId("plan-to-status"),
      when: byId<HTMLInputElement>("plan-when"),
      status: byId("plan-status"),
      results: byId("itineraries"),
    },
    api,
    (reisweg, from, to) => {
      const along = async (ld: Lijnrichting, a: ReiswegStap["vertrekPunt"], b: ReiswegStap["aankomstPunt"]) => {
        const pa = { lat: a.geoCoordinaat.latitude, lon: a.geoCoordinaat.longitude };
        const pb = { lat: b.geoCoordinaat.latitude, lon: b.geoCoordinaat.longitude };
        return between(await shapeOf(ld), pa, pb);
      };
      const choice = ++mapChoice;
      void itineraryLegs(reisweg, along).then(async (legs) => {
        await baseMap.catch(() => undefined);
        if (choice === mapChoice) map.showItinerary(legs, from, to);
      });
    },
  );

  onLanguageChange(() => {
    labelToggle();
    stopBox.rerender();
    board.rerender();
    planner.rerender();
    showMapCounts();
  });
  document.body.dataset.ready = "true";
}

void main().catch(() => {
  const el = document.getElementById("page-error");
  if (el) el.textContent = t("error.network");
});
