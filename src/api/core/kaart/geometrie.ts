/**
 * The map extension (docs/COMPATIBILITY.md W5-W9), in both families: a line direction's path (`/lijnen/{e}/{l}/lijnrichtingen/{r}/geometrie`),
 * a municipality's outline (`/gemeenten/{n}/geometrie`) and the whole network for an overview map (`/kaart`), as
 * GeoJSON (geometrie.schemas.ts) so that a page draws the network from our own data with no tile server.
 *
 * A line direction is drawn along its main pattern (the one its omschrijving describes): the feed's shapes.txt
 * path as compiled (5 m), else the line through its stops. /kaart takes one direction per line and simplifies
 * further (KAART_TOLERANCE), with fewer decimals, so that the whole demo network stays a page load (docs/COMPATIBILITY.md, Web). Every answer is rendered once per network (rendered-answers.ts) without
 * its links, which are appended per request: a body of the overview is hundreds of KB, and one per Host header a
 * client sends would let anyone fill the memory.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { MUNICIPALITY_OUTLINE_NOT_FOUND } from "../../../errors.js";
import { NONE32 } from "../../../network/constants.js";
import { requireLineDirection, requireMunicipality } from "../../../network/lookup.js";
import { type LineDirIdx, type MunicipalityIdx, type Network, TRANSPORT_TYPES } from "../../../network/model.js";
import { municipalityOutline } from "../../../network/queries/municipality-outline.js";
import { patternPath } from "../../../network/queries/pattern-path.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import type { FamilyOptions } from "../../shared/families.js";
import { GemeenteGeometrie, Kaart, LijnrichtingGeometrie } from "./geometrie.schemas.js";
import { directionIndex, directionName } from "../../shared/path-keys.js";
import { lineKey } from "../lijnen/lijn-view.js";
import { hexColour } from "../lijnen/lijnrichting-view.js";
import { type Link, linkerFor } from "../../shared/links.js";
import { GemeenteNummer, LineDirectionParams } from "../../shared/params.schemas.js";
import { renderedAnswer } from "../../shared/rendered-answers.js";

/**
 * Tolerances of the overview map (metres): outlines at 200 m are exact to a pixel on a screen that shows a region
 * (Flanders, 250 km wide, is 250 m a pixel on 1,000), and a page that zooms into a municipality asks for its outline
 * at 20 m; lines at 25 m stay on their streets at a city's zoom. Outlines are four fifths of the answer.
 */
export const KAART_TOLERANCE = { gemeenten: 200, lijnen: 25 } as const;
/** Decimals of the overview map's degrees: 11 m for the outlines, 1.1 m for the lines, below their tolerances. */
const KAART_DECIMALS = { gemeenten: 4, lijnen: 5 } as const;

const MunicipalityParams = Type.Object({ gemeenteNummer: GemeenteNummer });
type LineDirectionRoute = { Params: Static<typeof LineDirectionParams> };
type MunicipalityRoute = { Params: Static<typeof MunicipalityParams> };

/** The properties a line direction's feature carries, in the API's names. */
function lijnrichtingProperties(net: Network, ld: LineDirIdx, bron: "shapes" | "haltes") {
  const line = ld >> 1;
  const key = lineKey(net, line);
  return {
    entiteitnummer: key.entity,
    lijnnummer: key.line,
    richting: directionName(ld & 1),
    lijnnummerPubliek: net.strings.get(net.lines.publicNumber[line]),
    vervoertype: TRANSPORT_TYPES[net.lines.transportType[line]],
    kleurVoorGrond: hexColour(net.lines.colourFg[line]),
    kleurAchterGrond: hexColour(net.lines.colourBg[line]),
    bron,
  };
}

/** A line direction's feature, without its links. */
function lijnrichtingGeometrie(net: Network, ld: LineDirIdx) {
  const path = patternPath(net, net.lineDirections.mainPattern[ld]);
  const props = lijnrichtingProperties(net, ld, path.source);
  // A LineString needs two positions: a pattern of one stop (a feed's odd trip) is drawn as a point of no length.
  const coordinates = path.coordinates.length === 1 ? [path.coordinates[0], path.coordinates[0]] : path.coordinates;
  return {
    type: "Feature",
    geometry: { type: "LineString", coordinates },
    properties: { ...props, tolerantieMeter: path.source === "shapes" ? net.geometry.shapeToleranceMeters : 0 },
  };
}

/** A municipality's feature, without its links; 404 when the snapshot has no outline for it. */
function gemeenteGeometrie(net: Network, m: MunicipalityIdx) {
  const coordinates = municipalityOutline(net, m);
  const { nis, name } = net.meta.municipalities[m];
  if (coordinates.length === 0) throw MUNICIPALITY_OUTLINE_NOT_FOUND(nis);
  return {
    type: "Feature",
    geometry: { type: "MultiPolygon", coordinates },
    properties: { gemeentenummer: nis, omschrijving: name, tolerantieMeter: net.geometry.outlineToleranceMeters },
  };
}

/** The overview without its links: every outline, then one path per line (HEEN, else TERUG), in key order. */
function kaart(net: Network) {
  const features: unknown[] = [];
  const byNis = net.meta.municipalities.map((_, i) => i).sort((a, b) => net.meta.municipalities[a].nis - net.meta.municipalities[b].nis);
  for (const m of byNis) {
    const coordinates = municipalityOutline(net, m, { toleranceMeters: KAART_TOLERANCE.gemeenten, decimals: KAART_DECIMALS.gemeenten });
    if (coordinates.length === 0) continue;
    const { nis, name } = net.meta.municipalities[m];
    features.push({ type: "Feature", geometry: { type: "MultiPolygon", coordinates }, properties: { soort: "gemeente", gemeentenummer: nis, omschrijving: name } });
  }
  // Lines are numbered in (entity, line number) order by the compiler.
  for (let line = 0; line < net.lines.count; line++) {
    const ld = net.lineDirections.exists[line * 2] === 1 ? line * 2 : line * 2 + 1;
    const main = net.lineDirections.mainPattern[ld];
    if (net.lineDirections.exists[ld] !== 1 || main === NONE32) continue;
    const path = patternPath(net, main, { toleranceMeters: KAART_TOLERANCE.lijnen, decimals: KAART_DECIMALS.lijnen });
    if (path.coordinates.length < 2) continue;
    features.push({
      type: "Feature",
      geometry: { type: "LineString", coordinates: path.coordinates },
      properties: { soort: "lijn", ...lijnrichtingProperties(net, ld, path.source) },
    });
  }
  return { type: "FeatureCollection", features, tolerantieMeter: { ...KAART_TOLERANCE } };
}

/** The JSON text of a rendered object with `links` appended as its last member. */
function withLinks(text: string, links: readonly Link[]): string {
  return `${text.slice(0, -1)},"links":${JSON.stringify(links)}}`;
}

export const geometrieRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source } = opts;
  const tags = ["kaart"];
  const json = "application/json; charset=utf-8";

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/geometrie",
    {
      schema: {
        tags,
        summary: "Extension: the path of a line direction, as a GeoJSON Feature with a LineString",
        description:
          "The path the vehicles of a line direction travel, for a map: its main pattern (the one its omschrijving " +
          "describes) along the feed's shapes.txt, simplified at 5 m (bron shapes), or, when the feed has no shape " +
          "for it, the line through its stops in order (bron haltes). Positions are [longitude, latitude] in WGS84. " +
          "404 when the line has no such direction.",
        params: LineDirectionParams,
        response: { 200: LijnrichtingGeometrie, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      const L = linkerFor(req, opts);
      const self = L.lineDirection(entiteitnummer, lijnnummer, richting);
      const links = [L.link("self", `${self}/geometrie`), L.link("lijnrichting", self), L.link("haltes", `${self}/haltes`)];
      return reply.type(json).send(withLinks(renderedAnswer(net, `geometrie|lijnrichting|${ld}`, () => lijnrichtingGeometrie(net, ld)), links));
    },
  );

  app.get<MunicipalityRoute>(
    "/gemeenten/:gemeenteNummer/geometrie",
    {
      schema: {
        tags,
        summary: "Extension: the outline of a municipality, as a GeoJSON Feature with a MultiPolygon",
        description:
          "The boundary of a municipality from the reference data the network was imported with, simplified at " +
          "20 m; each polygon is its exterior ring followed by its holes. 404 when the municipality does not exist " +
          "or the snapshot has no outline for it (a network imported without reference data has no municipalities).",
        params: MunicipalityParams,
        response: { 200: GemeenteGeometrie, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const m = requireMunicipality(net, Number(req.params.gemeenteNummer));
      const L = linkerFor(req, opts);
      const nis = net.meta.municipalities[m].nis;
      const links = [L.link("self", `${L.municipality(nis)}/geometrie`), L.link("gemeente", L.municipality(nis))];
      return reply.type(json).send(withLinks(renderedAnswer(net, `geometrie|gemeente|${m}`, () => gemeenteGeometrie(net, m)), links));
    },
  );

  app.get(
    "/kaart",
    {
      schema: {
        tags,
        summary: "Extension: the whole network for an overview map, as one GeoJSON FeatureCollection",
        description:
          "Every municipality outline (soort gemeente, simplified at 200 m, four decimals) and one path per line " +
          "(soort lijn: its HEEN direction, else TERUG, simplified at 25 m, five decimals): small enough to load " +
          "with a page (the demo network: about 80 KB gzip-compressed). The same for every day: lines are not filtered " +
          "by validity. Draw the detail of one line with its direction's /geometrie.",
        response: { 200: Kaart, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      return reply.type(json).send(withLinks(renderedAnswer(net, "geometrie|kaart", () => kaart(net)), [L.link("self", "/kaart")]));
    },
  );
};
