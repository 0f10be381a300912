/**
 * Reachability on the map (docs/COMPATIBILITY.md P27/P28): from a stop (`/haltes/{e}/{h}/bereikbaarheid`) or a
 * place (`/bereikbaarheid/{lat},{lon}`), leaving now, the stops reached within the minutes chosen, coloured by
 * arrival in bands, over `gebied`, the area reachable on foot in the time left (circles that overlap: drawn as one
 * filled path, so their union reads as one area). A change of minutes asks again from the same origin.
 */
import { type Api, ApiError, type Bereikbaarheid, type LatLon } from "./api-client.js";
import { h } from "./dom.js";
import { clockTime } from "./format.js";
import type { MapReach, NetworkMap } from "./network-map.js";
import { t } from "./strings.js";

/** The minutes a visitor may choose, and the one chosen at the start (the API's default, P27). */
export const REACH_MINUTES = [15, 30, 45, 60] as const;
const DEFAULT_MINUTES = 30;
/** Upper edges of the arrival bands, in minutes; the last band ends at the minutes asked. */
const BAND_EDGES = [10, 20, 30, 45];
/** Near to far: green to red, told apart without colour by the legend's order. */
const BAND_COLOURS = ["#1a9850", "#91cf60", "#e6c229", "#fc8d59", "#d73027"];

export type ReachOrigin = LatLon & { label: string } & ({ kind: "place" } | { kind: "stop"; entiteitnummer: string; haltenummer: string });

export interface ReachElements {
  minutes: HTMLSelectElement;
  clear: HTMLButtonElement;
  status: HTMLElement;
  legend: HTMLElement;
}

export interface Reachability {
  from(origin: ReachOrigin): void;
  rerender(): void;
}

/** The bands' upper edges for a limit: 30 -> 10, 20, 30; 15 -> 10, 15. */
export function bandEdges(minutes: number): number[] {
  return [...BAND_EDGES.filter((m) => m < minutes), minutes];
}

export function reachability(els: ReachElements, api: Api, map: NetworkMap, revealMap: () => void = () => {}): Reachability {
  let origin: ReachOrigin | undefined;
  let answer: Bereikbaarheid | undefined;
  let state: { kind: "idle" } | { kind: "loading" } | { kind: "shown" } | { kind: "failed"; cause: unknown } = { kind: "idle" };
  let asked = 0;

  els.minutes.replaceChildren(...REACH_MINUTES.map((m) => h("option", { value: m }, "")));
  els.minutes.value = String(DEFAULT_MINUTES);

  const minutes = () => Number(els.minutes.value);

  function render(): void {
    for (const o of els.minutes.options) o.textContent = t("duration.min", { m: o.value });
    els.clear.hidden = state.kind === "idle";
    els.status.classList.toggle("error", state.kind === "failed");
    switch (state.kind) {
      case "idle":
        els.status.textContent = "";
        break;
      case "loading":
        els.status.textContent = t("reach.loading", { place: origin?.label ?? "" });
        break;
      case "failed":
        els.status.textContent = state.cause instanceof ApiError ? t("error.http", { status: state.cause.status, message: state.cause.message }) : t("error.network");
        break;
      case "shown":
        els.status.textContent = t(answer!.haltes.length === 1 ? "reach.one" : "reach.many", {
          n: answer!.haltes.length,
          minutes: answer!.minuten,
          place: origin?.label ?? "",
          time: clockTime(answer!.vertrek),
        });
    }
    if (state.kind !== "shown" || !answer) {
      els.legend.replaceChildren();
      return;
    }
    const edges = bandEdges(answer.minuten);
    els.legend.replaceChildren(
      ...edges.map((m, i) =>
        h("li", null, keySwatch(BAND_COLOURS[i]), " ", i === 0 ? t("reach.bandFirst", { to: m }) : t("reach.band", { from: edges[i - 1], to: m })),
      ),
    );
  }

  function draw(a: Bereikbaarheid, o: ReachOrigin): void {
    const edges = bandEdges(a.minuten);
    const bands: MapReach["bands"] = edges.map((_, i) => ({ colour: BAND_COLOURS[i], stops: [] }));
    for (const s of a.haltes) {
      const band = edges.findIndex((m) => s.reistijdSeconden <= m * 60);
      bands[band < 0 ? edges.length - 1 : band].stops.push({ lat: s.geoCoordinaat.latitude, lon: s.geoCoordinaat.longitude });
    }
    const area = (a.gebied?.coordinates ?? []).map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => ({ lat, lon }))));
    map.showReach({ area, bands, from: o });
  }

  async function ask(): Promise<void> {
    const o = origin;
    if (!o) return;
    const mine = ++asked;
    state = { kind: "loading" };
    render();
    try {
      const a = o.kind === "stop" ? await api.reachFromStop(o, minutes()) : await api.reachFromPlace(o, minutes());
      if (mine !== asked) return;
      answer = a;
      state = { kind: "shown" };
      draw(a, o);
      revealMap();
    } catch (e) {
      if (mine !== asked) return;
      state = { kind: "failed", cause: e };
    }
    render();
  }

  els.minutes.addEventListener("change", () => void ask());
  els.clear.addEventListener("click", () => {
    asked++;
    origin = undefined;
    answer = undefined;
    state = { kind: "idle" };
    map.clearReach();
    render();
  });
  render();

  return {
    from(o) {
      origin = o;
      void ask();
    },
    rerender: render,
  };
}

function keySwatch(colour: string): HTMLElement {
  const el = h("span", { class: "key", "aria-hidden": "true" });
  el.style.backgroundColor = colour;
  return el;
}
