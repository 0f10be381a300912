/**
 * The demo page (docs/OPERATIONS.md "The demo page at /"): wires the parts together. It reads /web-config.json (the API's prefixes, the key it
 * may use, the geometry endpoints the server has), then:
 * - a stop search (E7) whose choice fills the departures board and shows the stop and its lines on the map;
 * - a journey planner (E8, then E1) whose chosen itinerary is drawn on the map;
 * - the map: every stop (E6), and, when the server has the geometry endpoints, every line and the municipality
 *   outlines; without them lines are drawn through their stops (E19);
 * - the vehicles under way, live from their event stream (vehicles-layer.ts; on by default on the demo network,
 *   off on others, whose vehicles may be thousands);
 * - reachability from the chosen stop, the planner's start or a point of the map (reachability.ts).
 * Line shapes are asked once per line direction and kept.
 *
 * What the page says about the network comes from /web-network.json (src/api/docs/web-network.ts): the title,
 * tagline and footer name the served network (the demo keeps its own texts), the counts are the network's, the
 * map names its places, and a banner says when today lies outside its validity and what the page shows then.
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
  loadWebNetwork,
  type ReiswegStap,
  type WebConfig,
  type WebNetwork,
} from "./api-client.js";
import { combobox } from "./combobox.js";
import { departuresBoard } from "./departures-board.js";
import { byId } from "./dom.js";
import { type MapLine, NetworkMap, ZOOM_STEP } from "./network-map.js";
import { reachability } from "./reachability.js";
import { itineraryLegs, type NamedPlace, routePlanner } from "./route-planner.js";
import { type LineLook, vehiclesLayer } from "./vehicles-layer.js";
import { applyStaticTexts, language, longDate, onLanguageChange, setLanguage, showText, showTitle, t } from "./strings.js";

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
/** Draws the lines and municipalities of /kaart; answers each line direction's public number and colour. */
function drawNetworkGeometry(kaart: Kaart, map: NetworkMap): Map<string, { number: string; colour: string }> {
  const lines: MapLine[] = [];
  const rings: LatLon[][] = [];
  const looks = new Map<string, { number: string; colour: string }>();
  for (const f of kaart.features) {
    if (f.properties.soort === "lijn") {
      const p = f.properties;
      lines.push({ colour: p.kleurAchterGrond, points: (f.geometry.coordinates as Position[]).map(toLatLon) });
      looks.set(lineDirectionKey(p.entiteitnummer, p.lijnnummer, p.richting), { number: p.lijnnummerPubliek, colour: p.kleurAchterGrond });
    } else for (const polygon of f.geometry.coordinates as Position[][][]) rings.push(...polygon.map((r) => r.map(toLatLon)));
  }
  map.setMunicipalities(rings);
  map.setLines(lines);
  return looks;
}

const lineDirectionKey = (entiteitnummer: string, lijnnummer: string | number, richting: string) => `${entiteitnummer}_${lijnnummer}_${richting}`;

/** The network's name: its feeds' publishers, else its agencies; a long list shortened. */
function networkName(n: WebNetwork): string {
  const names = n.publishers.length > 0 ? n.publishers : n.agencies;
  return names.length <= 3 ? names.join(", ") : t("network.andMore", { names: names.slice(0, 2).join(", "), n: names.length - 2 });
}

/** Title, tagline and footer of the served network (the demo's stay as index.html has them), and the validity banner. */
function showNetwork(n: WebNetwork): void {
  if (!n.demo) {
    showTitle(() => t("network.title", { name: networkName(n) }));
    for (const id of ["tagline", "footer-data"]) delete byId(id).dataset.i18n; // no longer the demo's static text
    showText(byId("tagline"), () => t("network.tagline", { name: networkName(n) }));
    showText(byId("footer-data"), () =>
      n.validFrom ? t("network.footer", { name: networkName(n), from: longDate(n.validFrom), to: longDate(n.validTo) }) : t("network.footerEmpty", { name: networkName(n) }),
    );
  }
  const v = n.validity;
  if (v.state === "valid") return;
  const banner = byId("validity-banner");
  banner.hidden = false;
  banner.dataset.state = v.state;
  const key = v.state === "expired" ? "validity.expired" : v.state === "not-yet-valid" ? "validity.notYet" : "validity.empty";
  showText(banner, () => t(key, { from: longDate(n.validFrom), to: longDate(n.validTo), today: longDate(v.today), answersFor: longDate(v.answersFor) }));
}

/** Why nothing departs today, when today lies outside the network's validity. */
function noDeparturesReason(n: WebNetwork | undefined): string | undefined {
  switch (n?.validity.state) {
    case "expired":
      return t("dep.noneExpired", { to: longDate(n.validTo) });
    case "not-yet-valid":
      return t("dep.noneNotYet", { from: longDate(n.validFrom) });
    case "empty":
      return t("validity.empty");
    default:
      return undefined;
  }
}

/** Why a plan found nothing, when the day asked (yyyy-MM-dd; undefined: today) lies outside the validity. */
function noJourneysReason(n: WebNetwork | undefined, day: string | undefined): string | undefined {
  if (!n) return undefined;
  if (n.validity.state === "empty") return t("validity.empty");
  const d = day ?? n.validity.today;
  if (d >= n.validFrom && d <= n.validTo) return undefined;
  return t("plan.noneOutside", { day: longDate(d), from: longDate(n.validFrom), to: longDate(n.validTo) });
}

/** Scrolls the map into view unless it is all on screen already (on a phone it lies below the panels). */
function revealMap(): void {
  const panel = byId("map-panel");
  const r = panel.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  panel.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}

async function main(): Promise<void> {
  applyStaticTexts(document);
  const langButton = byId<HTMLButtonElement>("lang-toggle");
  // The button names the other language, in that language.
  const labelToggle = () => (langButton.lang = language() === "nl" ? "en" : "nl");
  labelToggle();
  langButton.addEventListener("click", () => setLanguage(language() === "nl" ? "en" : "nl"));

  let config: WebConfig;
  // A server without /web-network.json (older than the page) leaves the demo's texts.
  const networkAnswer = loadWebNetwork().catch(() => undefined);
  try {
    config = await loadWebConfig();
  } catch {
    showText(byId("page-error"), () => t("error.network"));
    return;
  }
  const network = await networkAnswer;
  if (network) showNetwork(network);

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
    showText(keyMessage);
    keyPanel.hidden = key !== undefined;
    if (key !== undefined) keyGiven();
  });
  const api = createApi(config, () => key, () => {
    keyPanel.hidden = false;
    showText(keyMessage, () => t("key.refused"));
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
  showText(mapStatus, () => t("map.loading"));
  /** Line direction -> its public number and colour, from /kaart (without it: the line number, in grey). */
  let lineLooks = new Map<string, { number: string; colour: string }>();
  const look: LineLook = (v) =>
    lineLooks.get(lineDirectionKey(v.lijnrichting.entiteitnummer, v.lijnrichting.lijnnummer, v.lijnrichting.richting)) ?? { number: String(v.lijnrichting.lijnnummer), colour: "#5b6770" };
  const baseMap = keyReady.then(async () => {
    const [all, kaart] = await Promise.all([api.allStops(), config.geometry.network ? api.geometry<Kaart>(config.geometry.network) : undefined]);
    map.setStops(all.haltes.map((s) => ({ lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude })));
    if (kaart) lineLooks = drawNetworkGeometry(kaart, map);
    if (network) map.setPlaces(network.places.items);
    // The network's counts (the dots are the stops of one day, answersFor when today lies outside the validity).
    const stops = network?.counts.stops ?? all.haltes.length;
    const lines = network?.counts.lines ?? map.counts().lines;
    const count = (n: number) => n.toLocaleString(language() === "nl" ? "nl-BE" : "en-GB");
    showText(mapStatus, () => t("map.counts", { stops: count(stops), lines: count(lines) }));
  });
  baseMap.catch(() => showText(mapStatus, () => t("error.network")));

  // Vehicles, live
  const vehiclesToggle = byId<HTMLInputElement>("vehicles-toggle");
  vehiclesToggle.checked = network?.demo === true;
  const vehicles = vehiclesLayer(map, api, { toggle: vehiclesToggle, status: byId("vehicle-status"), info: byId("vehicle-info") }, look, () => {
    // A new network: its lines' numbers and colours (and shapes) may have changed; the vehicles follow by themselves.
    if (config.geometry.network) void api.geometry<Kaart>(config.geometry.network).then((k) => (lineLooks = drawNetworkGeometry(k, map)), () => {});
  });
  // After the base map, which sets the projection and the view from the whole network.
  void baseMap.then(vehicles.start, vehicles.start);

  // Reachability
  const reach = reachability(
    { minutes: byId<HTMLSelectElement>("reach-minutes"), clear: byId<HTMLButtonElement>("reach-clear"), status: byId("reach-status"), legend: byId("reach-legend") },
    api,
    map,
    revealMap,
  );
  map.onPlaceMenu = (p) => reach.from({ kind: "place", ...p, label: t("reach.mapPoint", { lat: p.lat.toFixed(5), lon: p.lon.toFixed(5) }) });
  const reachStop = byId<HTMLButtonElement>("reach-stop");
  let chosenStop: Halte | undefined;
  reachStop.addEventListener("click", () => {
    const s = chosenStop;
    if (s) reach.from({ kind: "stop", entiteitnummer: s.entiteitnummer, haltenummer: s.haltenummer, lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude, label: s.omschrijvingLang });
  });
  const reachPlanFrom = byId<HTMLButtonElement>("reach-plan-from");
  let planFrom: NamedPlace | undefined;
  reachPlanFrom.addEventListener("click", () => {
    if (planFrom) reach.from({ kind: "place", ...planFrom });
  });

  // Stops and departures
  const board = departuresBoard(byId("departures"), api, () => noDeparturesReason(network));
  const stopBox = combobox<Halte>({
    input: byId<HTMLInputElement>("stop-input"),
    listbox: byId<HTMLUListElement>("stop-list"),
    status: byId("stop-status"),
    search: (text, signal) => api.searchStops(text, signal).then((a) => a.haltes),
    describe: (s) => ({ label: s.omschrijvingLang, detail: [s.omschrijvingGemeente, t("dep.stopCode", { code: s.haltenummer })].filter(Boolean).join(" · ") }),
    onChoose: (s) => {
      chosenStop = s;
      reachStop.hidden = false;
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
    {
      revealMap,
      emptyReason: (day) => noJourneysReason(network, day),
      onFrom: (p) => {
        planFrom = p;
        reachPlanFrom.disabled = false;
      },
      showOnMap: (reisweg, from, to) => {
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
    },
  );

  onLanguageChange(() => {
    labelToggle();
    stopBox.rerender();
    board.rerender();
    planner.rerender();
    vehicles.rerender();
    reach.rerender();
  });
  document.body.dataset.ready = "true";
}

void main().catch(() => {
  const el = document.getElementById("page-error");
  if (el) showText(el, () => t("error.network"));
});
