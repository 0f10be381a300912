/**
 * The departures board of the chosen stop: its next passages from `/haltes/{e}/{h}/real-time` (predicted times,
 * delays, cancellations; the demo's simulator gives real-time data at any hour), with line badges in the line's
 * colours from the stop's line directions (`/haltes/{e}/{h}/lijnrichtingen`, whose kleur* fields are the
 * lijnkleuren). The passages come from the route's event stream (docs/COMPATIBILITY.md R24), a message each time
 * they change; without it they are asked again 20 seconds after each answer (live-answer.ts). Another stop, or the
 * tab hidden, closes the stream; a new network (event `netwerk`) reloads the stop's lines.
 */
import { type Api, ApiError, type Lijnrichting, type RealtimeDoorkomst, type RealtimeHalteDoorkomsten } from "./api-client.js";
import { h } from "./dom.js";
import { clockTime, delayMinutes, nowClock } from "./format.js";
import { liveAnswer, type LiveAnswer } from "./live-answer.js";
import { t } from "./strings.js";

export const REFRESH_MS = 20_000;

export interface ChosenStop {
  entiteitnummer: string;
  haltenummer: string;
  name: string;
}

export interface DeparturesBoard {
  show(stop: ChosenStop): Promise<Lijnrichting[]>;
  rerender(): void;
}

/** A line's badge: its public number in its colours (the operator's lijnkleuren), neutral when unknown. */
export function lineBadge(number: string, ld?: Pick<Lijnrichting, "kleurVoorGrond" | "kleurAchterGrond" | "kleurAchterGrondRand">): HTMLElement {
  const badge = h("span", { class: "badge" }, number);
  if (ld?.kleurAchterGrond) badge.style.backgroundColor = ld.kleurAchterGrond;
  if (ld?.kleurVoorGrond) badge.style.color = ld.kleurVoorGrond;
  if (ld?.kleurAchterGrondRand) badge.style.borderColor = ld.kleurAchterGrondRand;
  return badge;
}

const lineKey = (entiteitnummer: string, lijnnummer: string | number) => `${entiteitnummer}_${lijnnummer}`;

/**
 * `emptyReason` says why a stop has no departures when the page knows (today lies outside the network's
 * validity); else the board says there are none in the coming hours.
 */
export function departuresBoard(el: HTMLElement, api: Api, emptyReason: () => string | undefined = () => undefined): DeparturesBoard {
  let stop: ChosenStop | undefined;
  let lines = new Map<string, Lijnrichting>();
  let passages: RealtimeDoorkomst[] = [];
  let updated = "";
  let updatedVia: "stream" | "poll" = "stream";
  let live: LiveAnswer | undefined;
  /** The last failure, kept as its cause so that its text follows a switch of language. */
  let error: { cause: unknown } | undefined;
  let loading = false;
  let generation = 0;

  function remark(p: RealtimeDoorkomst): { text: string; cls: string } {
    if (p.predictionStatussen.includes("GESCHRAPT")) return { text: t("dep.cancelled"), cls: "cancelled" };
    if (p.predictionStatussen.includes("VERSTREKEN")) return { text: t("dep.passed"), cls: "passed" };
    const rt = p["real-timeTijdstip"];
    if (rt === undefined) return { text: t("dep.noRealtime"), cls: "scheduled" };
    const d = delayMinutes(p.dienstregelingTijdstip, rt);
    if (d > 0) return { text: t("dep.late", { n: d }), cls: "late" };
    if (d < 0) return { text: t("dep.early", { n: -d }), cls: "early" };
    return { text: t("dep.onTime"), cls: "on-time" };
  }

  function row(p: RealtimeDoorkomst): HTMLTableRowElement {
    const ld = lines.get(lineKey(p.entiteitnummer, p.lijnnummer));
    const r = remark(p);
    const rt = p["real-timeTijdstip"];
    return h(
      "tr",
      { class: `passage passage-${r.cls}`, "data-doorkomst-id": p.doorkomstId },
      h("td", { class: "line" }, lineBadge(ld?.lijnNummerPubliek ?? String(p.lijnnummer), ld)),
      h("td", { class: "destination" }, p.bestemming),
      h("td", { class: "scheduled" }, h("time", { datetime: p.dienstregelingTijdstip }, clockTime(p.dienstregelingTijdstip))),
      h("td", { class: "expected" }, rt ? h("time", { datetime: rt }, clockTime(rt)) : "–"),
      h("td", { class: `remark remark-${r.cls}` }, r.text),
    );
  }

  function render(): void {
    if (!stop) {
      el.replaceChildren();
      return;
    }
    const heading = h("h3", { id: "departures-heading" }, t("dep.heading", { stop: stop.name }), " ", h("span", { class: "stop-code" }, `(${t("dep.stopCode", { code: stop.haltenummer })})`));
    const parts: Node[] = [heading];
    if (error) parts.push(h("p", { class: "error", role: "alert" }, failure(error.cause)));
    if (loading && passages.length === 0) parts.push(h("p", { class: "muted" }, t("dep.loading")));
    else if (passages.length === 0 && !error) parts.push(h("p", { class: "none" }, emptyReason() ?? t("dep.none")));
    else if (passages.length > 0) {
      parts.push(
        h(
          "table",
          { class: "departures", "aria-labelledby": "departures-heading" },
          h(
            "thead",
            null,
            h("tr", null, ...(["line", "destination", "scheduled", "expected", "remark"] as const).map((c) => h("th", { scope: "col", class: c }, t(`dep.${c}`)))),
          ),
          h("tbody", null, ...passages.map(row)),
        ),
      );
    }
    if (updated) parts.push(h("p", { class: "muted updated" }, t(updatedVia === "stream" ? "dep.updatedLive" : "dep.updated", { time: updated })));
    el.replaceChildren(...parts);
  }

  function failure(e: unknown): string {
    return e instanceof ApiError ? t("error.http", { status: e.status, message: e.message }) : t("error.network");
  }

  async function loadLines(s: ChosenStop): Promise<Lijnrichting[]> {
    const mine = generation;
    const answer = await api.stopLineDirections(s).catch((e: unknown) => {
      if (mine === generation) error = { cause: e };
      return { lijnrichtingen: [] as Lijnrichting[] };
    });
    if (mine !== generation) return [];
    lines = new Map(answer.lijnrichtingen.map((ld) => [lineKey(ld.entiteitnummer, ld.lijnnummer), ld]));
    render();
    return answer.lijnrichtingen;
  }

  function follow(s: ChosenStop): void {
    live?.stop();
    live = liveAnswer<RealtimeHalteDoorkomsten>({
      page: document,
      subscribe: api.realtimeStream(s),
      poll: () => api.realtime(s),
      event: "doorkomsten",
      pollMs: REFRESH_MS,
      onAnswer: (answer, via) => {
        passages = answer.halteDoorkomsten.flatMap((hd) => hd.doorkomsten);
        updated = nowClock();
        updatedVia = via;
        error = undefined;
        loading = false;
        render();
      },
      onError: (e) => {
        error = { cause: e };
        loading = false;
        render();
      },
      // The stop's lines may have changed with the network (numbers, colours); the passages follow by themselves.
      onNetwork: () => void loadLines(s),
      onMode: (mode) => (el.dataset.live = mode),
    });
  }

  return {
    async show(s) {
      generation++;
      stop = s;
      passages = [];
      updated = "";
      error = undefined;
      loading = true;
      lines = new Map();
      render();
      follow(s);
      return loadLines(s);
    },
    rerender: render,
  };
}
