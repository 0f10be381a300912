/**
 * The journey planner: two places found by E8 (locations: addresses, streets, stations, stops, municipalities),
 * then E1 between their coordinates. Itineraries show their steps, times, transfers and walking; the first is
 * drawn on the map, another on request.
 *
 * Earlier and later follow the spec's paging rules by following the `vroeger` and `later` links E1 answers: VROEGER
 * with the earliest arrival of the page shown, LATER with its latest departure (src/routing/plan-journeys.ts). The
 * page takes only the links' query (aanvraagType, tijdstip) and keeps its own relative path, so a PUBLIC_BASE_URL
 * pointing elsewhere cannot send it to another origin.
 */
import { type Api, ApiError, type LatLon, type Lijnrichting, type Locatie, type Reisweg, type ReiswegStap, type Routeplan } from "./api-client.js";
import { combobox } from "./combobox.js";
import { lineBadge } from "./departures-board.js";
import { h } from "./dom.js";
import { clockTime, delayMinutes, distance, duration, isoDurationSeconds } from "./format.js";
import type { ItineraryLeg } from "./network-map.js";
import { type StringKey, t } from "./strings.js";

export interface PlannerElements {
  form: HTMLFormElement;
  from: HTMLInputElement;
  fromList: HTMLUListElement;
  fromStatus: HTMLElement;
  to: HTMLInputElement;
  toList: HTMLUListElement;
  toStatus: HTMLElement;
  when: HTMLInputElement;
  status: HTMLElement;
  results: HTMLElement;
}

export interface NamedPlace extends LatLon {
  label: string;
}

export interface RoutePlanner {
  rerender(): void;
}

/** Draws an itinerary: its legs as the map should show them (vehicle legs along their line). */
export type ShowItinerary = (reisweg: Reisweg, from: NamedPlace, to: NamedPlace) => void;

export interface PlannerHooks {
  /** Draws an itinerary on the map (the first of each answer, another on request). */
  showOnMap: ShowItinerary;
  /** Brings the map into view: "show on map" on a phone, where the map lies below the panels. */
  revealMap?: () => void;
  /**
   * Why an answer holds no itinerary, when the page knows (the day asked lies outside the network's validity);
   * `day` is the day asked, yyyy-MM-dd, or undefined for today.
   */
  emptyReason?: (day: string | undefined) => string | undefined;
  /** Hears of each start chosen from the suggestions (the page offers reachability from it). */
  onFrom?: (p: NamedPlace) => void;
}

export function describeLocation(l: Locatie): { label: string; detail: string } {
  const kind = l.subtype === "halte" && l.haltenummer ? t("dep.stopCode", { code: l.haltenummer }) : t(`kind.${l.subtype}` as StringKey);
  const place = l.hoofdgemeente && !l.omschrijving.includes(l.hoofdgemeente) ? ` · ${l.hoofdgemeente}` : "";
  return { label: l.omschrijving, detail: `${kind}${place}` };
}

const placeOf = (l: Locatie): NamedPlace => ({ lat: l.geoCoordinaat.latitude, lon: l.geoCoordinaat.longitude, label: l.omschrijving });

function totalWalkMeters(r: Reisweg): number {
  return r.reiswegStappen.filter((s) => s.type === "WANDELEN").reduce((sum, s) => sum + s.aankomstPunt.afstand, 0);
}

function transfersText(n: number): string {
  return n === 0 ? t("plan.direct") : n === 1 ? t("plan.transfers1") : t("plan.transfersN", { n });
}

/** "10:03" with "+2 min" when the passage's prediction differs from the timetable. */
function passageTime(p: { dienstregelingTijdstip: string; "real-timeTijdstip"?: string } | undefined, fallback: string): Node[] {
  if (!p) return [h("time", { datetime: fallback }, clockTime(fallback))];
  const rt = p["real-timeTijdstip"];
  const shown = rt ?? p.dienstregelingTijdstip;
  const d = rt ? delayMinutes(p.dienstregelingTijdstip, rt) : 0;
  const out: Node[] = [h("time", { datetime: shown }, clockTime(shown))];
  if (d !== 0) out.push(h("span", { class: d > 0 ? "delay late" : "delay early" }, ` ${d > 0 ? t("dep.late", { n: d }) : t("dep.early", { n: -d })}`));
  return out;
}

export function routePlanner(els: PlannerElements, api: Api, { showOnMap, revealMap, emptyReason, onFrom }: PlannerHooks): RoutePlanner {
  let from: NamedPlace | undefined;
  let to: NamedPlace | undefined;
  let answer: Routeplan | undefined;
  /** The places of the answer shown, as they were when it was asked. */
  let asked: { from: NamedPlace; to: NamedPlace; day?: string } | undefined;
  let shown = 0;
  /** What the status line says; a failure keeps its cause, so that its text follows a switch of language. */
  let status: { key: "plan.missing" | "plan.searching" | "plan.none" | "count"; failure?: { cause: unknown } } | undefined;

  const search = (text: string, signal: AbortSignal) => api.searchLocations(text, signal).then((a) => a.locaties);
  const fromBox = combobox<Locatie>({
    input: els.from,
    listbox: els.fromList,
    status: els.fromStatus,
    search,
    describe: describeLocation,
    onChoose: (l) => {
      from = placeOf(l);
      onFrom?.(from);
    },
  });
  const toBox = combobox<Locatie>({
    input: els.to,
    listbox: els.toList,
    status: els.toStatus,
    search,
    describe: describeLocation,
    onChoose: (l) => (to = placeOf(l)),
  });

  type Point = ReiswegStap["vertrekPunt"];
  /** A stop's name; for the places asked (no entity: E1 names them Vertrekpunt and Bestemming), the name chosen. */
  const pointName = (p: Point, which: "from" | "to") =>
    p.entiteitnummer !== undefined ? p.naam : which === "from" ? asked?.from.label ?? t("place.origin") : asked?.to.label ?? t("place.destination");

  function stepItem(s: ReiswegStap): HTMLLIElement {
    const start = s.duurtijd.start;
    const seconds = isoDurationSeconds(s.duurtijd.duurtijd);
    const arrive = pointName(s.aankomstPunt, "to");
    if (s.type === "WANDELEN") {
      const text = s.aankomstPunt.entiteitnummer === undefined ? t("step.walkArrive", { distance: distance(s.aankomstPunt.afstand) }) : t("step.walk", { distance: distance(s.aankomstPunt.afstand), place: arrive });
      return h("li", { class: "step step-walk" }, h("time", { datetime: start }, clockTime(start)), " ", h("span", null, `${text} (${duration(seconds)})`));
    }
    if (s.type === "WACHTEN") {
      return h("li", { class: "step step-wait" }, h("time", { datetime: start }, clockTime(start)), " ", h("span", null, t("step.wait", { duration: duration(seconds), place: pointName(s.vertrekPunt, "from") })));
    }
    const ld = s.lijnrichting as Lijnrichting | undefined;
    const mode = t(`mode.${s.vervoertype ?? "ALLE"}` as StringKey);
    const number = ld?.lijnNummerPubliek ?? ld?.lijnnummer ?? "";
    return h(
      "li",
      { class: "step step-ride" },
      ...passageTime(s.vertrekDoorkomst, start),
      " ",
      lineBadge(number, ld),
      " ",
      h("span", { class: "ride-title" }, t("step.ride", { mode, line: number, destination: s.bestemming ?? ld?.bestemming ?? "" })),
      h(
        "span",
        { class: "ride-detail" },
        `${t("step.board", { place: pointName(s.vertrekPunt, "from") })} – `,
        t("step.alight", { place: arrive, time: clockTime(s.aankomstDoorkomst?.["real-timeTijdstip"] ?? s.duurtijd.einde) }),
      ),
    );
  }

  function itineraryItem(r: Reisweg, i: number): HTMLLIElement {
    const id = `itinerary-${i}`;
    const seconds = isoDurationSeconds(r.duurtijd.duurtijd);
    const walk = totalWalkMeters(r);
    const meta = [duration(seconds), transfersText(r.overstappen)];
    if (walk > 0) meta.push(t("plan.walking", { distance: distance(walk) }));
    const badges = r.reiswegStappen.filter((s) => s.type === "VOERTUIG").map((s) => {
      const ld = s.lijnrichting as Lijnrichting | undefined;
      return lineBadge(ld?.lijnNummerPubliek ?? ld?.lijnnummer ?? "", ld);
    });
    const button = h("button", { type: "button", class: "show-on-map", "aria-pressed": String(i === shown), "aria-describedby": id }, i === shown ? t("plan.onMap") : t("plan.showOnMap"));
    button.addEventListener("click", () => {
      shown = i;
      draw();
      render();
      revealMap?.();
    });
    return h(
      "li",
      { class: `itinerary${i === shown ? " itinerary-shown" : ""}`, "aria-labelledby": id },
      h(
        "div",
        { class: "itinerary-head" },
        h(
          "h3",
          { id },
          h("span", { class: "visually-hidden" }, `${t("plan.itinerary", { n: i + 1 })}: `),
          h("time", { datetime: r.duurtijd.start }, clockTime(r.duurtijd.start)),
          " → ",
          h("time", { datetime: r.duurtijd.einde }, clockTime(r.duurtijd.einde)),
        ),
        h("p", { class: "itinerary-meta" }, meta.join(" · "), r.bestpassend ? h("span", { class: "best" }, t("plan.best")) : null),
        h("p", { class: "itinerary-lines" }, ...badges),
        button,
      ),
      h("ol", { class: "steps" }, ...r.reiswegStappen.map(stepItem)),
    );
  }

  function draw(): void {
    const r = answer?.reiswegen[shown];
    if (r && asked) showOnMap(r, asked.from, asked.to);
  }

  function link(rel: "vroeger" | "later"): URLSearchParams | undefined {
    const l = answer?.links.find((x) => x.rel === rel);
    return l ? new URL(l.url, location.href).searchParams : undefined;
  }

  function render(): void {
    if (status?.failure) {
      const e = status.failure.cause;
      els.status.textContent = e instanceof ApiError ? t("error.http", { status: e.status, message: e.message }) : t("error.network");
    }
    else if (status?.key === "count" && answer && asked) {
      const n = answer.reiswegen.length;
      els.status.textContent = n === 0 ? (emptyReason?.(asked.day) ?? t("plan.none")) : n === 1 ? t("plan.one", { from: asked.from.label, to: asked.to.label }) : t("plan.many", { n, from: asked.from.label, to: asked.to.label });
    } else els.status.textContent = status ? t(status.key as StringKey) : "";
    els.status.classList.toggle("error", status?.failure !== undefined || status?.key === "plan.missing");
    if (!answer) {
      els.results.replaceChildren();
      return;
    }
    const pager = (rel: "vroeger" | "later", key: "plan.earlier" | "plan.later") => {
      const b = h("button", { type: "button", class: `page-${rel}`, disabled: link(rel) === undefined }, t(key));
      b.addEventListener("click", () => {
        const q = link(rel);
        if (q && asked) void plan(asked.from, asked.to, q);
      });
      return b;
    };
    els.results.replaceChildren(
      pager("vroeger", "plan.earlier"),
      h("ol", { class: "itineraries" }, ...answer.reiswegen.map(itineraryItem)),
      pager("later", "plan.later"),
    );
  }

  async function plan(a: NamedPlace, b: NamedPlace, query: URLSearchParams): Promise<void> {
    status = { key: "plan.searching" };
    render();
    try {
      const result = await api.plan(a, b, query);
      answer = result;
      asked = { from: a, to: b, day: query.get("tijdstip")?.slice(0, 10) };
      shown = 0;
      status = { key: "count" };
      render();
      draw();
    } catch (e) {
      status = { key: "plan.none", failure: { cause: e } };
      render();
    }
  }

  els.form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!fromBox.chosen() || !toBox.chosen() || !from || !to) {
      status = { key: "plan.missing" };
      render();
      return;
    }
    const q = new URLSearchParams();
    const when = els.when.value; // datetime-local: yyyy-MM-ddTHH:mm, the network's local time like the API's
    if (when) q.set("tijdstip", when.length === 16 ? `${when}:00` : when);
    const mode = new FormData(els.form).get("vertrekAankomst");
    if (mode === "AANKOMST") q.set("vertrekAankomst", "AANKOMST");
    void plan(from, to, q);
  });

  return {
    rerender: () => {
      fromBox.rerender();
      toBox.rerender();
      render();
    },
  };
}

/** The legs of an itinerary for the map; vehicle legs follow their line direction's stops (or geometry). */
export async function itineraryLegs(r: Reisweg, lineShape: (ld: Lijnrichting, from: ReiswegStap["vertrekPunt"], to: ReiswegStap["aankomstPunt"]) => Promise<LatLon[] | undefined>): Promise<ItineraryLeg[]> {
  const point = (p: ReiswegStap["vertrekPunt"]): LatLon => ({ lat: p.geoCoordinaat.latitude, lon: p.geoCoordinaat.longitude });
  return Promise.all(
    r.reiswegStappen
      .filter((s) => s.type !== "WACHTEN")
      .map(async (s): Promise<ItineraryLeg> => {
        const straight = [point(s.vertrekPunt), point(s.aankomstPunt)];
        if (s.type === "WANDELEN") return { walk: true, points: straight };
        const ld = s.lijnrichting as Lijnrichting | undefined;
        const along = ld ? await lineShape(ld, s.vertrekPunt, s.aankomstPunt).catch(() => undefined) : undefined;
        return { walk: false, colour: ld?.kleurAchterGrond, points: along ?? straight };
      }),
  );
}
