import { groupBy, type CompileContext } from "./compile-context.js";
import type { EntityTable } from "./compile-entities.js";
import type { StopTable } from "./compile-stops.js";
import { NONE16 } from "./constants.js";
import {
  compareGenericRoutes,
  compareKeys,
  delijnLineKey,
  genericLineNumbers,
  isPlainNumber,
  genericPublicNumbers,
  naturalCompare,
  type GenericRoute,
} from "./key-profiles.js";
import { matchColour } from "./match-colour.js";
import type { ColourInfo, LineColumns, LineDirectionColumns, PatternColumns } from "./model.js";
import { serviceTypeIndex, serviceTypeOf, transportTypeIndex, transportTypeOf } from "./route-types.js";

interface LineDraft {
  entity: number;
  number: string;
  feed: number;
  /** The GTFS id the key history knows the line by: its route_id; a delijn line its route_id prefix ("3302"). */
  historyId: string;
  routeIds: string[];
  publicNumber: string;
  description: string;
  routeType: number;
  serviceType: number;
  transportType: number;
  isPublic: number;
  colourFg: number;
  colourBg: number;
  colourFgBorder: number;
  colourBgBorder: number;
}

export interface LineDrafts {
  /** LineIdx order (sorted by entity, number) -> draft. */
  drafts: LineDraft[];
  /** Per feed: route_id -> LineIdx. */
  routeLine: Array<Map<string, number>>;
}

const DEFAULT_BG = 0xffffff; // GTFS default route_color
const DEFAULT_FG = 0x000000; // GTFS default route_text_color

/**
 * Routes -> lines, keyed by the profile. Routes with the same key (delijn "3302_a", "3302_b")
 * are one line; routes without trips are no line.
 */
export function draftLines(ctx: CompileContext, ents: EntityTable): LineDrafts {
  const { inputs, warnings, keys } = ctx;
  const { entities, entityByNumber, routeEntity } = ents;
  const lineDrafts: LineDraft[] = [];
  const lineByKey = new Map<string, number>();
  const routeLine: Array<Map<string, number>> = inputs.map(() => new Map());
  inputs.forEach(({ feed, profile }, f) => {
    const genericRoutes: Array<GenericRoute & { entity: number }> = [];
    const keyOf = new Map<string, { entity: number; number: string; historyId: string }>();
    for (const r of feed.routes) {
      const entity = routeEntity(f, r.agencyId);
      if (entity === undefined) {
        warnings.add("unknown_agency", `route ${r.routeId} names agency ${r.agencyId}, which agency.txt lacks; skipped`);
        continue;
      }
      const k = profile === "delijn" ? delijnLineKey(r.routeId) : undefined;
      const ke = k ? entityByNumber.get(k.entity) : undefined;
      if (k && ke !== undefined) keyOf.set(r.routeId, { entity: ke, number: k.line, historyId: /^\d{4}/.exec(r.routeId)![0] });
      else {
        if (profile === "delijn") warnings.add("route_key_convention", `route ${r.routeId} does not start with entity digit + 3-digit line number`);
        genericRoutes.push({ routeId: r.routeId, shortName: r.shortName, longName: r.longName, sortOrder: r.sortOrder, entity });
      }
    }
    // Public numbers of routes without a short name (generic profile; docs/DATASET_EXTENSIONS.md).
    const publicOf = profile === "generic" ? genericPublicNumbers(genericRoutes) : undefined;
    for (const [entity, list] of groupBy(genericRoutes, (r) => r.entity)) {
      if (profile === "generic") {
        for (const [routeId, number] of genericLineKeys(ctx, f, entities[entity].number, list)) keyOf.set(routeId, { entity, number, historyId: routeId });
        continue;
      }
      // The delijn profile's routes outside its convention keep their numbers as they always were:
      // the route_id when all are plain numbers, else the rank in (sort order, id) order.
      list.sort((a, b) => (a.sortOrder ?? Infinity) - (b.sortOrder ?? Infinity) || naturalCompare(a.routeId, b.routeId));
      const allNumeric = list.every((r) => /^\d{1,9}$/.test(r.routeId));
      list.forEach((r, i) => keyOf.set(r.routeId, { entity, number: allNumeric ? String(Number(r.routeId)) : String(i + 1), historyId: r.routeId }));
    }
    // Every numbered route holds its key in the history, with trips or not (a route without trips keeps its number).
    for (const k of keyOf.values()) {
      keys.give({ kind: "line", feed: f, gtfsId: k.historyId, entity: entities[k.entity].number, number: k.number, direction: 0, lat: 0, lon: 0 });
    }
    // Routes without trips become no line (a line without trips has no validity); they still
    // count in the generic numbering above, so numbers stay stable when a route starts running.
    const used = new Set<string>();
    feed.trips.forEach((t, ti) => {
      if (feed.stopTimes.tripStart[ti + 1] > feed.stopTimes.tripStart[ti]) used.add(t.routeId);
    });
    for (const r of feed.routes) {
      const k = keyOf.get(r.routeId);
      if (!k || !used.has(r.routeId)) continue;
      const key = `${k.entity}_${k.number}`;
      let l = lineByKey.get(key);
      if (l === undefined) {
        const serviceType = serviceTypeOf(r.routeType, r.serviceType);
        l = lineDrafts.length;
        lineByKey.set(key, l);
        const bg = r.color ?? DEFAULT_BG;
        const fg = r.textColor ?? DEFAULT_FG;
        lineDrafts.push({
          entity: k.entity,
          number: k.number,
          feed: f,
          historyId: k.historyId,
          routeIds: [],
          // Without route_short_name: the delijn line number, else (delijn) the route's own id.
          publicNumber: r.shortName || (publicOf?.get(r.routeId) ?? (delijnLineKey(r.routeId) ? k.number : r.routeId)),
          description: r.longName || r.desc,
          routeType: r.routeType,
          serviceType: serviceTypeIndex(serviceType),
          transportType: transportTypeIndex(transportTypeOf(r.routeType)),
          isPublic: r.isPublic ?? (serviceType === "TECHNISCHE_LIJN" ? 0 : 1),
          colourBg: bg,
          colourFg: fg,
          colourBgBorder: r.borderColor ?? bg,
          colourFgBorder: r.textBorderColor ?? fg,
        });
      }
      lineDrafts[l].routeIds.push(r.routeId);
      routeLine[f].set(r.routeId, l);
    }
  });
  const lineOrder = lineDrafts
    .map((_, i) => i)
    .sort((a, b) => {
      const x = lineDrafts[a];
      const y = lineDrafts[b];
      return compareKeys(entities[x.entity].number, entities[y.entity].number) || compareKeys(x.number, y.number);
    });
  const draftToLine = new Int32Array(lineDrafts.length);
  lineOrder.forEach((d, i) => (draftToLine[d] = i));
  for (const m of routeLine) for (const [k, v] of m) m.set(k, draftToLine[v]);
  return { drafts: lineOrder.map((d) => lineDrafts[d]), routeLine };
}

/**
 * The generic profile's line numbers of one entity's routes in feed slot `f` (docs/DATASET_EXTENSIONS.md, "Keys
 * that never move"). The first import: genericLineNumbers. Later imports: a route_id an earlier import numbered
 * in this entity keeps its number; a new route takes its numeric route_short_name when no route of the entity has
 * it now or ever had it, else the lowest number never used in the entity from the first hundred above the highest
 * route_short_name kept as a number (as genericLineNumbers counts), so that a removed line's number is never
 * given to another.
 */
function genericLineKeys(ctx: CompileContext, f: number, entityNumber: string, routes: readonly GenericRoute[]): Map<string, string> {
  const { keys } = ctx;
  if (!keys.hasHistory("line", f)) return genericLineNumbers(routes);
  const used = keys.usedNumbers((r) => r.kind === "line" && r.entity === entityNumber);
  const out = new Map<string, string>();
  for (const r of routes) {
    const before = keys.previous("line", f, r.routeId);
    if (before && before.entity === entityNumber) out.set(r.routeId, before.number);
  }
  const shortNumber = (r: GenericRoute) => (isPlainNumber(r.shortName) ? String(Number(r.shortName)) : undefined);
  const byNumber = new Map<string, number>();
  for (const r of routes) {
    const n = shortNumber(r);
    if (n !== undefined) byNumber.set(n, (byNumber.get(n) ?? 0) + 1);
  }
  for (const r of routes) {
    const n = shortNumber(r);
    if (!out.has(r.routeId) && n !== undefined && byNumber.get(n) === 1 && !used.has(n) && ![...out.values()].includes(n)) out.set(r.routeId, n);
  }
  let highest = 0;
  for (const r of routes) if (out.get(r.routeId) !== undefined && out.get(r.routeId) === shortNumber(r)) highest = Math.max(highest, Number(out.get(r.routeId)));
  const taken = new Set([...used, ...out.values()]);
  let next = highest === 0 ? 1 : (Math.floor(highest / 100) + 1) * 100 + 1;
  for (const r of [...routes].sort(compareGenericRoutes)) {
    if (out.has(r.routeId)) continue;
    while (taken.has(String(next))) next++;
    taken.add(String(next));
    out.set(r.routeId, String(next++));
  }
  return out;
}

/**
 * The line columns, once patterns and line directions exist: validity from the directions,
 * the description (route_long_name, else the first direction's), palette colours, and the
 * transport region: the region of the municipality holding most of the line's stops.
 */
export function lineColumns(
  ctx: CompileContext,
  drafts: readonly LineDraft[],
  lineDirections: LineDirectionColumns,
  patterns: PatternColumns,
  stopTable: StopTable,
  colours: readonly ColourInfo[],
): LineColumns {
  const { pool } = ctx;
  const { stops, municipalities } = stopTable;
  const lineCount = drafts.length;
  const lines = {
    count: lineCount,
    entity: new Uint16Array(lineCount),
    number: new Uint32Array(lineCount),
    publicNumber: new Uint32Array(lineCount),
    description: new Uint32Array(lineCount),
    gtfsId: new Uint32Array(lineCount),
    region: new Uint16Array(lineCount).fill(NONE16),
    isPublic: new Uint8Array(lineCount),
    transportType: new Uint8Array(lineCount),
    serviceType: new Uint8Array(lineCount),
    routeType: new Uint16Array(lineCount),
    validFrom: new Uint32Array(lineCount),
    validTo: new Uint32Array(lineCount),
    colourFg: new Uint32Array(lineCount),
    colourBg: new Uint32Array(lineCount),
    colourFgBorder: new Uint32Array(lineCount),
    colourBgBorder: new Uint32Array(lineCount),
    paletteFg: new Uint8Array(lineCount),
    paletteBg: new Uint8Array(lineCount),
    paletteFgBorder: new Uint8Array(lineCount),
    paletteBgBorder: new Uint8Array(lineCount),
  };
  drafts.forEach((x, l) => {
    lines.entity[l] = x.entity;
    lines.number[l] = pool.intern(x.number);
    lines.publicNumber[l] = pool.intern(x.publicNumber);
    lines.gtfsId[l] = pool.intern(x.routeIds[0]);
    lines.isPublic[l] = x.isPublic;
    lines.transportType[l] = x.transportType;
    lines.serviceType[l] = x.serviceType;
    lines.routeType[l] = x.routeType;
    lines.colourFg[l] = x.colourFg;
    lines.colourBg[l] = x.colourBg;
    lines.colourFgBorder[l] = x.colourFgBorder;
    lines.colourBgBorder[l] = x.colourBgBorder;
    lines.paletteFg[l] = matchColour(x.colourFg, colours);
    lines.paletteBg[l] = matchColour(x.colourBg, colours);
    lines.paletteFgBorder[l] = matchColour(x.colourFgBorder, colours);
    lines.paletteBgBorder[l] = matchColour(x.colourBgBorder, colours);
    const dirs = [l * 2, l * 2 + 1].filter((ld) => lineDirections.exists[ld]);
    lines.description[l] = x.description ? pool.intern(x.description) : dirs.length ? lineDirections.description[dirs[0]] : 0;
    const from = dirs.map((ld) => lineDirections.validFrom[ld]).filter((v) => v > 0);
    const to = dirs.map((ld) => lineDirections.validTo[ld]).filter((v) => v > 0);
    lines.validFrom[l] = from.length ? Math.min(...from) : 0;
    lines.validTo[l] = to.length ? Math.max(...to) : 0;
    // Transport region: the region of the municipality holding most of the line's stops.
    const seen = new Set<number>();
    const votes = new Map<number, number>();
    for (const ld of dirs) {
      for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
        const p = lineDirections.patterns[r];
        for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
          const s = patterns.stops[i];
          if (seen.has(s)) continue;
          seen.add(s);
          const m = stops.municipality[s];
          if (m === NONE16) continue;
          const region = municipalities[m].region;
          if (region >= 0) votes.set(region, (votes.get(region) ?? 0) + 1);
        }
      }
    }
    let bestRegion = NONE16;
    let bestVotes = 0;
    for (const [region, v] of votes) if (v > bestVotes || (v === bestVotes && region < bestRegion)) [bestRegion, bestVotes] = [region, v];
    lines.region[l] = bestRegion;
  });
  return lines;
}
