/**
 * The network compiler: one or more GTFS feeds (+ reference data) -> one immutable columnar Network.
 *
 * Stages, one module each: entities -> stops -> services -> lines -> patterns and trips
 * (frequencies expanded) -> line directions -> line columns -> stop/pattern index -> footpaths
 * -> notes -> diversions -> places -> shapes -> meta; every keying stage keeps the keys of the key history
 * (key-history.ts). Feeds never share ids: every GTFS id is resolved inside its
 * own feed, and API keys are assigned so that two feeds cannot produce the same key
 * (key-profiles.ts).
 */
import { basename } from "node:path";
import { StringPool } from "../lib/string-pool.js";
import type { AddressTable, PoiTable, ReferenceData } from "../reference/types.js";
import { buildFootpaths, FOOTPATH_PARAMETERS } from "./build-footpaths.js";
import { chainFootpaths } from "./chain-footpaths.js";
import { CompileWarnings, type CompileContext, type CompileInput } from "./compile-context.js";
import { compileDiversions } from "./compile-diversions.js";
import { compileEntities } from "./compile-entities.js";
import { compileLineDirections } from "./compile-line-directions.js";
import { draftLines, lineColumns } from "./compile-lines.js";
import { compileNotes } from "./compile-notes.js";
import { compilePlaces } from "./compile-places.js";
import { compileServices } from "./compile-services.js";
import { compileShapes } from "./compile-shapes.js";
import { compileStops, indexStopPatterns } from "./compile-stops.js";
import { compileTransferRules } from "./compile-transfer-rules.js";
import { compileTrips } from "./compile-trips.js";
import { SNAPSHOT_FORMAT_VERSION } from "./constants.js";
import { footpathLinks } from "./footpath-links.js";
import { keyBookFor, type KeyHistory } from "./key-history.js";
import type { ColourInfo, Network, NetworkMeta, RegionInfo } from "./model.js";
import { generatedWordsOf, textLanguageOf } from "./generated-words/generated-words.js";
import { nameTwinPlatforms } from "./name-twin-platforms.js";
import { packStrings } from "./packed-strings.js";
import { routeColourPalette } from "./route-colour-palette.js";

export type { CompileInput } from "./compile-context.js";

export interface CompileOptions {
  /**
   * Municipalities, regions, entities and colours; without it stops get no municipality, lines no
   * region, and the colour list is made of the lines' own colours.
   */
  reference?: ReferenceData;
  /** Written into meta.createdAt (tests pin it). */
  now?: Date;
  /** Called at the start of each stage, for progress output. */
  onStage?: (stage: string) => void;
  /**
   * Footpaths join every two stops at most this far apart in a straight line (default 400 m); 0: only the platforms
   * of one parent station and the pairs transfers.txt links (build-footpaths.ts). Recorded in meta.footpaths.
   */
  walkRadiusMeters?: number;
  /**
   * Chains of footpaths walking at most this long become one footpath (default 900 s; 0: the direct ones only);
   * chain-footpaths.ts. Recorded in meta.footpaths.
   */
  walkBudgetSeconds?: number;
  /** Walking pace of the footpaths and of E1's walks to and from stops (default 1.25 m/s). Recorded in meta.footpaths. */
  walkMetersPerSecond?: number;
  /** Streets and addresses for the location search (readAddresses, `import --addresses`); compile-places.ts. */
  addresses?: AddressTable;
  /** Points of interest for the location search (readPois, `import --pois`). */
  pois?: PoiTable;
  /**
   * The key history of the snapshot this one replaces (readKeyHistory): every surviving GTFS id keeps its key and
   * no removed key is given again (key-history.ts). Without it the keys start over.
   */
  previousKeys?: KeyHistory;
}

export function compileNetwork(inputs: readonly CompileInput[], options: CompileOptions = {}): Network {
  const stage = options.onStage ?? (() => {});
  const ref = options.reference;
  const createdAt = (options.now ?? new Date()).toISOString();
  const keys = keyBookFor(inputs, options.previousKeys, createdAt);
  const ctx: CompileContext = { inputs, ref, pool: new StringPool(), warnings: new CompileWarnings(), keys };
  for (const { feed } of inputs) ctx.warnings.addFeed(feed);

  const regions: RegionInfo[] = (ref?.regions ?? []).map((r) => ({ code: r.code, number: r.number, name: r.name }));

  stage("entities");
  const ents = compileEntities(ctx);
  stage("stops");
  const stopTable = compileStops(ctx, ents, new Map(regions.map((r, i) => [r.code, i])));
  stage("services");
  const serviceTable = compileServices(ctx);
  stage("lines");
  const { drafts, routeLine } = draftLines(ctx, ents);
  // The reference palette where it applies, else the lines' own colours (route-colour-palette.ts).
  const colours: ColourInfo[] =
    ref?.colours.length && stopTable.referenceCovers ? ref.colours.map((c) => ({ ...c })) : routeColourPalette(drafts, ctx.warnings);
  stage("patterns");
  const tripTable = compileTrips(ctx, routeLine, stopTable.feedStopToStop, serviceTable, drafts.length);
  stage("line directions");
  const lineDirections = compileLineDirections(ctx, drafts.length, tripTable, stopTable, serviceTable);
  const lines = lineColumns(ctx, drafts, lineDirections, tripTable.patterns, stopTable, colours);
  drafts.forEach((d, l) => {
    for (const direction of [0, 1]) {
      if (!lineDirections.exists[l * 2 + direction]) continue;
      const entity = ents.entities[d.entity].number;
      keys.give({ kind: "lineDirection", feed: d.feed, gtfsId: d.historyId, entity, number: d.number, direction, lat: 0, lon: 0 });
    }
  });
  const textLanguage = textLanguageOf(inputs.map(({ feed }) => ({ feedLang: feed.feedInfo?.lang, agencyLangs: feed.agencies.map((a) => a.lang) })));
  nameTwinPlatforms(ctx, stopTable, tripTable, generatedWordsOf(textLanguage));
  stage("stop index");
  const stops = stopTable.stops;
  indexStopPatterns(stops, tripTable.patterns);
  stage("footpaths");
  const walkRadius = options.walkRadiusMeters ?? FOOTPATH_PARAMETERS.maxMeters;
  const walkBudget = options.walkBudgetSeconds ?? FOOTPATH_PARAMETERS.budgetSeconds;
  const walkSpeed = options.walkMetersPerSecond ?? FOOTPATH_PARAMETERS.walkMetersPerSecond;
  const fp = chainFootpaths(buildFootpaths(stops.lat, stops.lon, footpathLinks(inputs, stopTable), walkRadius, walkSpeed), walkBudget);
  stops.footpathStart = fp.start;
  stops.footpathTo = fp.to;
  stops.footpathSeconds = fp.seconds;
  stage("transfer rules");
  const transferRules = compileTransferRules(ctx, tripTable, stopTable);
  stage("notes");
  const notes = compileNotes(ctx, stopTable.stopOf, tripTable);
  stage("diversions");
  const diversions = compileDiversions(ctx, routeLine, stopTable.stopOf);

  stage("places");
  const places = compilePlaces(ctx, stopTable.municipalities, { addresses: options.addresses, pois: options.pois });

  stage("shapes");
  const geometry = compileShapes(ctx, tripTable, stopTable.municipalities);

  stage("meta");
  const keyChanges = keys.finish();
  const keyHistory = keys.columns(ctx.pool);
  const { warnings } = ctx;
  const zones = new Set(inputs.flatMap(({ feed }) => feed.agencies.map((a) => a.timezone).filter(Boolean)));
  const timezone = inputs[0]?.feed.agencies[0]?.timezone || ref?.timezone || "UTC";
  if (zones.size > 1) warnings.add("several_timezones", `agencies use several time zones (${[...zones].join(", ")}); all times use ${timezone}`);
  const validFroms = [...lines.validFrom].filter((v) => v > 0);
  const validTos = [...lines.validTo].filter((v) => v > 0);
  const meta: NetworkMeta = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    createdAt,
    timezone,
    validFrom: validFroms.length ? validFroms.reduce((a, b) => Math.min(a, b)) : 0,
    validTo: validTos.length ? validTos.reduce((a, b) => Math.max(a, b)) : 0,
    calendarStart: serviceTable.layout.calendarStart,
    dayCount: serviceTable.layout.dayCount,
    wordsPerService: serviceTable.layout.wordsPerService,
    feeds: inputs.map(({ feed, profile }) => ({
      // The file name only: /health shows it to anyone, and the server's folders are nobody's business.
      source: basename(feed.source),
      profile,
      publisher: feed.feedInfo?.publisherName,
      version: feed.feedInfo?.version,
      rows: feed.rows,
    })),
    entities: ents.entities,
    regions: stopTable.referenceCovers ? regions : [],
    municipalities: stopTable.municipalities,
    colours,
    diversions,
    footpaths: { ...FOOTPATH_PARAMETERS, maxMeters: walkRadius, walkMetersPerSecond: walkSpeed, budgetSeconds: walkBudget },
    imports: keys.imports,
    keyChanges,
    warnings: warnings.list(),
    textLanguage,
  };

  return {
    meta,
    strings: packStrings(ctx.pool),
    stops,
    lines,
    lineDirections,
    patterns: tripTable.patterns,
    trips: tripTable.trips,
    stopTimes: tripTable.stopTimes,
    services: serviceTable.services,
    notes,
    places,
    geometry,
    keyHistory,
    transferRules,
  };
}
