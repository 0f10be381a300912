/**
 * The search part (spec 4.4; results 2.13): E7 `zoek/haltes`, E9 `zoek/lijnrichtingen` and E8 `zoek/locaties`, each
 * `/{zoekArgument}` with huidigePositie, startIndex and maxAantalHits. Registered once per family below the search
 * prefix (families.ts, searchFamilySegment); hits link to the core resources of the same family.
 *
 * A handler parses, asks the network's search (src/search, one per network, its indexes built when the network is
 * loaded: warmSearch) for one page of indices, and renders them with the core's own views: a stop hit is the stop,
 * a line-direction hit the line direction, as their `detail` links answer them.
 *
 * Choices (docs/COMPATIBILITY.md, S-rows): a path without an argument (`zoek/haltes/`) is a 400, not a 404; every
 * list adds `links` (self, and vorige / volgende for the pages around it); huidigePositie is validated for E8 too
 * (a malformed one is a 400 everywhere) and handed to the search, which leaves locations unordered by it, as the
 * spec says.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { BAD_PARAMETER } from "../../errors.js";
import type { Network } from "../../network/model.js";
import { buildSearchIndexes, networkSearch } from "../../search/network-search.js";
import { DEFAULT_SEARCH_HITS, type SearchRequest } from "../../search/search-types.js";
import { ERROR_RESPONSES } from "../shared/common.schemas.js";
import type { FamilyOptions } from "../shared/families.js";
import { halteView } from "../core/haltes/halte-view.js";
import { parseLatLng } from "../shared/path-keys.js";
import { lijnrichtingView } from "../core/lijnen/lijnrichting-view.js";
import { dropKeyParameters } from "../http/key-parameter.js";
import { type Link, linkerFor, requestOrigin, selfLink } from "../shared/links.js";
import { paramHint } from "../shared/params.schemas.js";
import { locatieView } from "./zoek-locatie-view.js";
import { HaltesHits, LijnRichtingHits, LocatiesHits, ZoekParams, ZoekQuery, type ZoekRoute } from "./zoeken.schemas.js";

/** Builds the search indexes of a network now, so that its first search is as fast as the next. */
export function warmSearch(network: Network): void {
  buildSearchIndexes(network);
}

/** The SearchRequest of a request whose params and query passed their schemas. */
function searchRequest(req: FastifyRequest<ZoekRoute>): SearchRequest {
  const { huidigePositie, startIndex, maxAantalHits } = req.query;
  return {
    text: req.params.zoekArgument,
    near: huidigePositie === undefined ? undefined : parseLatLng(huidigePositie, "huidigePositie"),
    startIndex: startIndex ?? 0,
    maxHits: maxAantalHits ?? DEFAULT_SEARCH_HITS,
  };
}

/**
 * `self`, and `vorige` / `volgende` when hits lie before or after the page: the URL asked with another startIndex,
 * every other parameter as the client wrote it (less a subscription key, as selfLink).
 */
function pageLinks(req: FastifyRequest, opts: FamilyOptions, request: SearchRequest, total: number): Link[] {
  const links = [selfLink(req, opts.config)];
  const { startIndex, maxHits } = request;
  const at = (start: number): string => {
    const url = dropKeyParameters(req.url);
    const q = url.indexOf("?");
    const kept = q < 0 ? [] : url.slice(q + 1).split("&").filter((p) => p !== "" && p.split("=")[0] !== "startIndex");
    return `${requestOrigin(req, opts.config)}${q < 0 ? url : url.slice(0, q)}?${[...kept, `startIndex=${start}`].join("&")}`;
  };
  if (startIndex > 0 && total > 0) links.push({ rel: "vorige", url: at(Math.max(0, Math.min(startIndex, total) - maxHits)) });
  if (startIndex + maxHits < total) links.push({ rel: "volgende", url: at(startIndex + maxHits) });
  return links;
}

const SEARCHES = {
  haltes: "E7: stops by name, place, stop number or GTFS stop_code / stop_id",
  lijnrichtingen: "E9: line directions by public line number, description, destination or the places served",
  locaties: "E8: locations: municipalities, sub-municipalities, stations, stops, streets, addresses, points of interest",
} as const;

const MATCHING =
  "Case, accents, hyphens and punctuation do not matter, nor word order; common Dutch abbreviations match both ways " +
  "(St./Sint, Stat./Station, O.L.V./Onze-Lieve-Vrouw, str./straat); the last word also matches as a prefix; a word " +
  "of 4 letters or more may hold one typo, of 8 or more two. Exact matches come first, then prefixes, then typos; " +
  "within each, nearer to huidigePositie first (when given), then busier stops, then by name. The order is stable, " +
  "so that pages by startIndex neither repeat nor skip a hit. aantalHits counts every match.";

export const zoekRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source } = opts;
  const tags = ["zoek"];
  const schemaOf = (summary: string, description: string, body: typeof HaltesHits | typeof LijnRichtingHits | typeof LocatiesHits) => ({
    tags,
    summary,
    description,
    params: ZoekParams,
    querystring: ZoekQuery,
    response: { 200: body, ...ERROR_RESPONSES },
  });

  app.get<ZoekRoute>("/zoek/haltes/:zoekArgument", { schema: schemaOf(SEARCHES.haltes, MATCHING, HaltesHits) }, async (req) => {
    const net = source.current();
    const request = searchRequest(req);
    const page = networkSearch(net).stops(request);
    const L = linkerFor(req, opts);
    return { aantalHits: page.total, haltes: page.hits.map((s) => halteView(net, s, L)), links: pageLinks(req, opts, request, page.total) };
  });

  app.get<ZoekRoute>(
    "/zoek/lijnrichtingen/:zoekArgument",
    {
      schema: schemaOf(
        SEARCHES.lijnrichtingen,
        `${MATCHING} A line number typed whole finds that line's directions first; huidigePositie orders by the ` +
          "distance to the nearest stop of a direction.",
        LijnRichtingHits,
      ),
    },
    async (req) => {
      const net = source.current();
      const request = searchRequest(req);
      const page = networkSearch(net).lineDirections(request);
      const L = linkerFor(req, opts);
      return {
        aantalHits: page.total,
        lijnrichtingen: page.hits.map((ld) => lijnrichtingView(net, ld, L)),
        links: pageLinks(req, opts, request, page.total),
      };
    },
  );

  app.get<ZoekRoute>(
    "/zoek/locaties/:zoekArgument",
    {
      schema: schemaOf(
        SEARCHES.locaties,
        `${MATCHING} An address is a street name with a house number ("bondgenotenlaan 12 leuven"). Among equal ` +
          "matches municipalities come first, then sub-municipalities, stations, stops, streets, points of interest and " +
          "addresses. huidigePositie is validated but, as the spec says, not used for locations: a location's rank is " +
          "the same for everyone.",
        LocatiesHits,
      ),
    },
    async (req) => {
      const net = source.current();
      const request = searchRequest(req);
      const page = networkSearch(net).locations(request);
      const L = linkerFor(req, opts);
      return {
        aantalHits: page.total,
        locaties: page.hits.map((hit) => locatieView(net, hit, L)),
        links: pageLinks(req, opts, request, page.total),
      };
    },
  );

  // `zoek/haltes/` (nothing typed yet) would be a 404 "no such endpoint": it is the right endpoint with an empty
  // argument, so a 400 that says so. Not in the OpenAPI document: the same paths with the argument are.
  for (const what of Object.keys(SEARCHES)) {
    app.get(`/zoek/${what}`, { schema: { hide: true } }, async () => {
      throw BAD_PARAMETER(`parameter zoekArgument is missing: ${paramHint("zoekArgument")}`);
    });
  }
};
