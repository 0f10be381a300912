/**
 * The vehicles on the map (docs/COMPATIBILITY.md R21-R23): the network's vehicles from `/voertuigen` as an event
 * stream (R24), a marker per trip moved as each message arrives, polled when the stream is not there
 * (live-answer.ts). Each marker is in its line's colour, with an arrow where the heading is known, hollow when its
 * position is estimated from predicted times rather than measured (R22); hovering names the line, the delay (R23)
 * and how the position is known, a click writes the same under the map. A checkbox turns the layer off (no
 * stream then).
 */
import type { Api, Voertuig, Voertuigen } from "./api-client.js";
import { liveAnswer, type LiveAnswer } from "./live-answer.js";
import type { MapVehicle, NetworkMap } from "./network-map.js";
import { t } from "./strings.js";

/** Without the stream, vehicles are asked again this long after each answer (the simulator moves them every 30 s). */
export const VEHICLES_POLL_MS = 15_000;

/** How the page names and colours a vehicle's line (its public number and colour, from the network's geometry). */
export type LineLook = (v: Voertuig) => { number: string; colour: string };

export interface VehiclesElements {
  toggle: HTMLInputElement;
  /** How many vehicles are shown. */
  status: HTMLElement;
  /** The vehicle clicked last. */
  info: HTMLElement;
}

export interface VehiclesLayer {
  /** Starts the layer when its checkbox is on (after the map has its projection). */
  start(): void;
  rerender(): void;
}

/** A trip's key: the operator numbers trips per line (a ritnummer repeats across lines), and per service day. */
export const vehicleId = (v: Voertuig) => `${v.lijnrichting.entiteitnummer}_${v.lijnrichting.lijnnummer}_${v.dienstregelingDatum}_${v.ritnummer}`;

export function vehiclesLayer(map: NetworkMap, api: Api, els: VehiclesElements, look: LineLook, onNetwork: () => void): VehiclesLayer {
  let live: LiveAnswer | undefined;
  let vehicles: Voertuig[] = [];
  let chosen: string | undefined;
  let error: unknown;
  let started = false;

  function describe(v: Voertuig): string {
    const s = v.vertragingSeconden;
    const d = s === undefined ? undefined : Math.round(s / 60);
    const delay = d === undefined ? t("veh.delayUnknown") : d > 0 ? t("dep.late", { n: d }) : d < 0 ? t("dep.early", { n: -d }) : t("dep.onTime");
    return t(v.geschat ? "veh.titleEstimated" : "veh.title", { line: look(v).number, delay, vehicle: v.vrtnum ?? v.ritnummer });
  }

  function render(): void {
    const shown: MapVehicle[] = vehicles.map((v) => ({
      id: vehicleId(v),
      lat: v.positie.latitude,
      lon: v.positie.longitude,
      bearing: v.richtingGraden,
      estimated: v.geschat,
      colour: look(v).colour,
      title: describe(v),
    }));
    map.setVehicles(shown);
    if (!els.toggle.checked) {
      els.status.textContent = "";
      els.info.textContent = "";
      return;
    }
    const estimated = vehicles.filter((v) => v.geschat).length;
    els.status.textContent =
      error !== undefined ? t("veh.error") : live?.mode() === "paused" ? "" : t("veh.count", { n: vehicles.length, estimated });
    const c = vehicles.find((v) => vehicleId(v) === chosen);
    els.info.textContent = c ? describe(c) : "";
  }

  function follow(): void {
    live?.stop();
    live = liveAnswer<Voertuigen>({
      page: document,
      subscribe: api.vehiclesStream(),
      poll: () => api.vehicles(),
      event: "voertuigen",
      pollMs: VEHICLES_POLL_MS,
      onAnswer: (answer) => {
        vehicles = answer.voertuigen;
        error = undefined;
        render();
      },
      onError: (e) => {
        error = e;
        render();
      },
      onNetwork,
      onMode: (mode) => (els.toggle.dataset.live = mode),
    });
  }

  function apply(): void {
    if (!started) return;
    if (els.toggle.checked) follow();
    else {
      live?.stop();
      live = undefined;
      vehicles = [];
      chosen = undefined;
      render();
    }
  }

  els.toggle.addEventListener("change", apply);
  map.onVehicleClick = (id) => {
    chosen = id;
    render();
  };

  return {
    start() {
      started = true;
      apply();
    },
    rerender: render,
  };
}
