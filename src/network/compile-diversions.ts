import { groupBy, type CompileContext } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { DiversionInfo } from "./model.js";

/**
 * The dataset's diversions and disruptions (docs/DATASET_EXTENSIONS.md) with their texts per
 * language (Dutch required: the fallback), line directions and stops not served.
 */
export function compileDiversions(ctx: CompileContext, routeLine: Array<Map<string, number>>, stopOf: StopTable["stopOf"]): DiversionInfo[] {
  const { inputs, warnings } = ctx;
  const diversions: DiversionInfo[] = [];
  const diversionIds = new Set<number>();
  inputs.forEach(({ feed }, f) => {
    const texts = groupBy(feed.diversionTexts, (t) => t.diversionId);
    const routes = groupBy(feed.diversionRoutes, (t) => t.diversionId);
    const dstops = groupBy(feed.diversionStops, (t) => t.diversionId);
    for (const d of feed.diversions) {
      if (diversionIds.has(d.diversionId)) {
        warnings.add("duplicate_diversion", `diversion ${d.diversionId} appears twice; the first is kept`);
        continue;
      }
      diversionIds.add(d.diversionId);
      const t: DiversionInfo["texts"] = {};
      for (const x of texts.get(d.diversionId) ?? []) t[x.language.toLowerCase()] = { title: x.title, description: x.description };
      if (!t.nl) {
        const any = Object.values(t)[0];
        t.nl = any ?? { title: "", description: "" };
        warnings.add("diversion_without_dutch", `diversion ${d.diversionId} has no Dutch text`);
      }
      const lds = new Set<number>();
      for (const r of routes.get(d.diversionId) ?? []) {
        const l = routeLine[f].get(r.routeId);
        if (l === undefined) warnings.add("diversion_reference", `diversion ${d.diversionId} names unknown route ${r.routeId}`);
        else lds.add(l * 2 + (r.directionId === 1 ? 1 : 0));
      }
      const ss = new Set<number>();
      for (const s of dstops.get(d.diversionId) ?? []) {
        const idx = stopOf(f, s.stopId);
        if (idx === undefined) warnings.add("diversion_reference", `diversion ${d.diversionId} names unknown stop ${s.stopId}`);
        else ss.add(idx);
      }
      diversions.push({
        id: d.diversionId,
        kind: d.kind,
        type: d.type,
        start: d.start,
        end: d.end,
        weekdays: d.weekdays,
        texts: t,
        lineDirections: [...lds].sort((a, b) => a - b),
        stops: [...ss].sort((a, b) => a - b),
      });
    }
  });
  diversions.sort((a, b) => a.id - b.id);
  return diversions;
}
