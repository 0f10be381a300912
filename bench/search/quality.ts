/**
 * Search quality on a labelled query set (demo-queries.json, labels.ts): the share of queries whose expected hit
 * comes first, and within the first three, per endpoint and per way of typing. A label no hit of the network
 * carries any more (the demo changed) is counted apart, not as a miss.
 */
import type { Network } from "../../src/network/model.js";
import { networkSearch } from "../../src/search/network-search.js";
import { answers, type Endpoint, type LabelledQuery, lineDirectionLabel, locationLabel, stopLabel } from "./labels.js";

export interface QualityCount {
  queries: number;
  first: number;
  top3: number;
}

export interface QualityResult {
  /** Queries whose expected hit the network no longer has (left out of the counts). */
  missingLabels: LabelledQuery[];
  overall: QualityCount;
  byEndpoint: Record<string, QualityCount>;
  byVariant: Record<string, QualityCount>;
  /** Queries whose expected hit did not come first: query, expected, what came first. */
  misses: Array<{ endpoint: Endpoint; query: string; variant: string; expect: string; first: string | null; rank: number | null }>;
}

const empty = (): QualityCount => ({ queries: 0, first: 0, top3: 0 });

/** The labels of the first `n` hits of a query. */
export function topLabels(net: Network, q: Pick<LabelledQuery, "endpoint" | "query">, n: number): string[] {
  const search = networkSearch(net);
  const request = { text: q.query, startIndex: 0, maxHits: n };
  if (q.endpoint === "haltes") return search.stops(request).hits.map((s) => stopLabel(net, s));
  if (q.endpoint === "lijnrichtingen") return search.lineDirections(request).hits.map((ld) => lineDirectionLabel(net, ld));
  return search.locations(request).hits.map((h) => locationLabel(net, h));
}

/** Every label the network's stops, line directions and places carry, per endpoint. */
function labelsOf(net: Network): Record<Endpoint, string[]> {
  const stops = Array.from({ length: net.stops.count }, (_, s) => stopLabel(net, s));
  const directions: string[] = [];
  for (let ld = 0; ld < net.lines.count * 2; ld++) if (net.lineDirections.exists[ld]) directions.push(lineDirectionLabel(net, ld));
  const locations = [
    ...Array.from({ length: net.stops.count }, (_, stop) => locationLabel(net, { kind: "stop", stop })),
    ...Array.from({ length: net.places.count }, (_, place) => locationLabel(net, { kind: "place", place })),
  ];
  return { haltes: stops, lijnrichtingen: directions, locaties: locations };
}

export function searchQuality(net: Network, queries: readonly LabelledQuery[]): QualityResult {
  const result: QualityResult = { missingLabels: [], overall: empty(), byEndpoint: {}, byVariant: {}, misses: [] };
  const all = labelsOf(net);
  const known = { haltes: new Set(all.haltes), lijnrichtingen: all.lijnrichtingen, locaties: new Set(all.locaties) };
  const exists = (q: LabelledQuery) =>
    q.endpoint === "lijnrichtingen" ? known.lijnrichtingen.some((l) => answers(l, q.expect)) : known[q.endpoint].has(q.expect);
  for (const q of queries) {
    if (!exists(q)) {
      result.missingLabels.push(q);
      continue;
    }
    const labels = topLabels(net, q, 100);
    const rank = labels.findIndex((l) => answers(l, q.expect));
    for (const c of [result.overall, (result.byEndpoint[q.endpoint] ??= empty()), (result.byVariant[`${q.endpoint}/${q.variant}`] ??= empty())]) {
      c.queries++;
      if (rank === 0) c.first++;
      if (rank >= 0 && rank < 3) c.top3++;
    }
    if (rank !== 0) result.misses.push({ endpoint: q.endpoint, query: q.query, variant: q.variant, expect: q.expect, first: labels[0] ?? null, rank: rank < 0 ? null : rank });
  }
  return result;
}
