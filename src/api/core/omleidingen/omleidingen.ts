/**
 * Diversions (omleidingen, planned) and disruptions (storingen, unplanned): E4 by reference, the
 * list over a period, and per stop, stop list, line direction and line-direction list.
 * The data come from the dataset's diversion files (docs/DATASET_EXTENSIONS.md) and, as storingen, from the
 * GTFS-Realtime Alerts of the real-time state the request reads (opts.realtime; alerts-to-disruptions.ts).
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { BAD_PARAMETER } from "../../../errors.js";
import { formatServiceDate, serviceDateToDayNumber } from "../../../lib/service-date.js";
import { findLine, findStop, requireLineDirection, requireStop } from "../../../network/lookup.js";
import type { DiversionInfo, LineDirIdx, Network } from "../../../network/model.js";
import { checkTimetableDate } from "../../../timetable/check-timetable-date.js";
import { diversionLanguage } from "../../../timetable/diversion-language.js";
import { diversionsFor } from "../../../timetable/diversions-for.js";
import { findDiversion } from "../../../timetable/find-diversion.js";
import type { DiversionView, Language } from "../../../timetable/types.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { parseMoment } from "../../shared/dates.js";
import { timetableDate } from "../../shared/timetable-date.js";
import type { FamilyOptions } from "../../shared/families.js";
import { halteView } from "../haltes/halte-view.js";
import { directionIndex, parseLineDirectionKeys, parseStopKeys } from "../../shared/path-keys.js";
import { lijnrichtingView } from "../lijnen/lijnrichting-view.js";
import { type Link, type Linker, linkerFor, selfLink } from "../../shared/links.js";
import {
  DiversionDateQuery,
  DiversionPeriodQuery,
  DiversionQuery,
  HalteOmleidingenLijst,
  OMLEIDINGS_DAGEN,
  Omleiding,
  Omleidingen,
  TAAL_CODE_HINT,
} from "./omleidingen.schemas.js";
import { addParamHint, Haltesleutels, LineDirectionParams, Lijnrichtingsleutels, StopParams } from "../../shared/params.schemas.js";
import { shownValue } from "../../http/shown-value.js";

/** The longest period `/omleidingen` answers: the operator's "hoogstens een maand". */
export const MAX_DIVERSION_PERIOD_DAYS = 31;

const RefParams = Type.Object({
  referentieOmleiding: Type.String({ pattern: "^\\d{1,10}$", description: "referentieOmleiding, a whole number" }),
});
addParamHint("referentieOmleiding", "give the diversion's reference number (referentieOmleiding), a whole number such as 873901");
const StopListParams = Type.Object({ haltesleutels: Haltesleutels });
const LineDirListParams = Type.Object({ lijnrichtingsleutels: Lijnrichtingsleutels });

type Kind = DiversionInfo["kind"];
const KINDS: ReadonlyArray<{ kind: Kind; segment: "omleidingen" | "storingen" }> = [
  { kind: "omleiding", segment: "omleidingen" },
  { kind: "storing", segment: "storingen" },
];

/** taalCode -> language; nl when absent; 400 for a code that names no language we know. */
export function parseTaalCode(text: string | undefined): Language {
  if (text === undefined || text === "") return "nl";
  const language = diversionLanguage(text);
  if (!language) throw BAD_PARAMETER(`taalCode ${shownValue(text)} is not supported: ${TAAL_CODE_HINT}`);
  return language;
}

/** A diversion or disruption as the operator writes it (spec 2.9). */
export function omleidingView(net: Network, v: DiversionView, L: Linker): Omleiding {
  const d = v.diversion;
  const stopKeyOf = (s: number) => ({
    entity: net.meta.entities[net.stops.entity[s]].number,
    stop: net.strings.get(net.stops.number[s]),
  });
  return {
    titel: v.title,
    omschrijving: v.description,
    periode: { startDatum: `${formatServiceDate(d.start)}T00:00:00`, eindDatum: `${formatServiceDate(d.end)}T23:59:59` },
    lijnrichtingen: d.lineDirections
      .filter((ld) => net.lineDirections.exists[ld] === 1)
      .map((ld) => lijnrichtingView(net, ld, L, "lijnrichting")),
    haltes: d.stops.map((s) => {
      const k = stopKeyOf(s);
      return halteView(net, s, L, [L.link("halte", L.stop(k.entity, k.stop))]);
    }),
    referentieOmleiding: d.id,
    type: d.type === "" ? undefined : d.type,
    omleidingsDagen: OMLEIDINGS_DAGEN.filter((_, i) => d.weekdays === 0 || (d.weekdays & (1 << i)) !== 0),
    links: [L.link("omleidingen", `/omleidingen/${d.id}`)],
  };
}

export const omleidingenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;
  const tags = ["omleidingen"];

  app.get<{ Params: Static<typeof RefParams>; Querystring: Static<typeof DiversionQuery> }>(
    "/omleidingen/:referentieOmleiding",
    {
      schema: {
        tags,
        summary: "E4: a diversion or disruption by reference",
        description: "404 when unknown. Title and description in taalCode; Dutch when it has no translation.",
        params: RefParams,
        querystring: DiversionQuery,
        response: { 200: Omleiding, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const language = parseTaalCode(req.query.taalCode);
      const view = findDiversion(net, Number(req.params.referentieOmleiding), language, opts.realtime.current(net));
      return omleidingView(net, view, linkerFor(req, opts));
    },
  );

  app.get<{ Querystring: Static<typeof DiversionPeriodQuery> }>(
    "/omleidingen",
    {
      schema: {
        tags,
        summary: "All diversions and disruptions active during a period of at most 31 days",
        description:
          "Every planned diversion (omleiding) and unplanned disruption (storing) that applies on some day from startDatum to eindDatum (default: today only), with title and description in taalCode (default nl; Dutch when there is no translation) and the line directions and stops involved.",
        querystring: DiversionPeriodQuery,
        response: { 200: Omleidingen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const tz = net.meta.timezone;
      const { startDatum, eindDatum } = req.query;
      const from = parseMoment(startDatum, tz, "startDatum", opts.now()).date;
      const to = parseMoment(eindDatum, tz, "eindDatum", opts.now()).date;
      if (startDatum) checkTimetableDate(net, from, "startDatum");
      if (eindDatum) checkTimetableDate(net, to, "eindDatum");
      const days = serviceDateToDayNumber(to) - serviceDateToDayNumber(from);
      if (days < 0) throw BAD_PARAMETER(`eindDatum ${formatServiceDate(to)} lies before startDatum ${formatServiceDate(from)}`);
      if (days > MAX_DIVERSION_PERIOD_DAYS) {
        throw BAD_PARAMETER(
          `the period from startDatum to eindDatum spans ${days} days, at most ${MAX_DIVERSION_PERIOD_DAYS} are allowed: ask for a month at a time`,
        );
      }
      const language = parseTaalCode(req.query.taalCode);
      const L = linkerFor(req, opts);
      const all = diversionsFor(net, { period: { from, to }, language, realtime: opts.realtime.current(net) });
      return {
        omleidingen: all.filter((v) => v.diversion.kind === "omleiding").map((v) => omleidingView(net, v, L)),
        storingen: all.filter((v) => v.diversion.kind === "storing").map((v) => omleidingView(net, v, L)),
        links: [selfLink(req, config)],
      };
    },
  );

  for (const { kind, segment } of KINDS) {
    const what = kind === "omleiding" ? "diversions" : "disruptions";

    app.get<{ Params: Static<typeof StopParams>; Querystring: Static<typeof DiversionDateQuery> }>(
      `/haltes/:entiteitnummer/:haltenummer/${segment}`,
      {
        schema: {
          tags,
          summary: `The ${what} at a stop on one day (datum, default today)`,
          description: `The ${what} that list the stop as not served or involve a line direction serving it.`,
          params: StopParams,
          querystring: DiversionDateQuery,
          response: { 200: Omleidingen, ...ERROR_RESPONSES },
        },
      },
      async (req) => {
        const net = source.current();
        const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
        const date = timetableDate(net, req.query.datum, opts.now());
        const language = parseTaalCode(req.query.taalCode);
        const L = linkerFor(req, opts);
        const realtime = opts.realtime.current(net);
        const list = diversionsFor(net, { kind, date, stops: [stop], language, realtime }).map((v) => omleidingView(net, v, L));
        return { [segment]: list, links: [selfLink(req, config)] };
      },
    );

    app.get<{ Params: Static<typeof StopListParams>; Querystring: Static<typeof DiversionDateQuery> }>(
      `/haltes/lijst/:haltesleutels/${segment}`,
      {
        schema: {
          tags,
          summary: `The ${what} of a list of stops on one day`,
          description:
            "One item per known stop (its list is called omleidingen on both endpoints, as in the operator's schema). A key that names no stop is left out and reported by a link with rel onbekendeHalte.",
          params: StopListParams,
          querystring: DiversionDateQuery,
          response: { 200: HalteOmleidingenLijst, ...ERROR_RESPONSES },
        },
      },
      async (req) => {
        const net = source.current();
        const keys = parseStopKeys(req.params.haltesleutels);
        const date = timetableDate(net, req.query.datum, opts.now());
        const language = parseTaalCode(req.query.taalCode);
        const L = linkerFor(req, opts);
        const links: Link[] = [selfLink(req, config)];
        const realtime = opts.realtime.current(net);
        const halteOmleidingen = [];
        for (const key of keys) {
          const stop = findStop(net, key.entity, key.stop);
          if (stop === undefined) {
            links.push(L.link("onbekendeHalte", L.stop(key.entity, key.stop)));
            continue;
          }
          halteOmleidingen.push({
            halte: halteView(net, stop, L),
            omleidingen: diversionsFor(net, { kind, date, stops: [stop], language, realtime }).map((v) => omleidingView(net, v, L)),
          });
        }
        return { halteOmleidingen, links };
      },
    );

    app.get<{ Params: Static<typeof LineDirectionParams>; Querystring: Static<typeof DiversionDateQuery> }>(
      `/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/${segment}`,
      {
        schema: {
          tags,
          summary: `The ${what} of a line direction on one day`,
          description:
            `The ${what} that apply to the line direction on datum (yyyy-MM-dd, default today), with title and description in taalCode (default nl). 404 when the line direction does not exist.`,
          params: LineDirectionParams,
          querystring: DiversionDateQuery,
          response: { 200: Omleidingen, ...ERROR_RESPONSES },
        },
      },
      async (req) => {
        const net = source.current();
        const { entiteitnummer, lijnnummer, richting } = req.params;
        const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
        const date = timetableDate(net, req.query.datum, opts.now());
        const language = parseTaalCode(req.query.taalCode);
        const L = linkerFor(req, opts);
        const realtime = opts.realtime.current(net);
        const list = diversionsFor(net, { kind, date, lineDirections: [ld], language, realtime }).map((v) => omleidingView(net, v, L));
        return { [segment]: list, links: [selfLink(req, config)] };
      },
    );

    app.get<{ Params: Static<typeof LineDirListParams>; Querystring: Static<typeof DiversionDateQuery> }>(
      `/lijnen/lijst/:lijnrichtingsleutels/${segment}`,
      {
        schema: {
          tags,
          summary: `The ${what} of a list of line directions on one day`,
          description:
            "One list over all the line directions asked, each diversion once. A key that names no line direction is left out and reported by a link with rel onbekendeLijnrichting.",
          params: LineDirListParams,
          querystring: DiversionDateQuery,
          response: { 200: Omleidingen, ...ERROR_RESPONSES },
        },
      },
      async (req) => {
        const net = source.current();
        const keys = parseLineDirectionKeys(req.params.lijnrichtingsleutels);
        const date = timetableDate(net, req.query.datum, opts.now());
        const language = parseTaalCode(req.query.taalCode);
        const L = linkerFor(req, opts);
        const links: Link[] = [selfLink(req, config)];
        const lineDirections: LineDirIdx[] = [];
        for (const key of keys) {
          const line = findLine(net, key.entity, key.line);
          const ld = line === undefined ? undefined : line * 2 + directionIndex(key.direction);
          if (ld === undefined || net.lineDirections.exists[ld] !== 1) {
            links.push(L.link("onbekendeLijnrichting", L.lineDirection(key.entity, key.line, key.direction)));
            continue;
          }
          lineDirections.push(ld);
        }
        const list = lineDirections.length
          ? diversionsFor(net, { kind, date, lineDirections, language, realtime: opts.realtime.current(net) }).map((v) =>
              omleidingView(net, v, L),
            )
          : [];
        return { [segment]: list, links };
      },
    );
  }
};
