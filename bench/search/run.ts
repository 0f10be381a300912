/**
 * bench:search: the search engine (src/search) on real and synthetic data, against the targets in docs/BENCHMARKS.md
 * "Search".
 *
 *   npm run bench:search [-- --queries 1000] [--runs 3] [--skip-peer] [--skip-locations] [--addresses 3500000] [--rebuild]
 *
 * 1. Stops (E7) on the MTA snapshot (bench/.data/mta.snapshot; imported here from bench/.data/mta/*.zip as
 *    bench:import does when missing or of an older format): the index build (typical-day activity + text index,
 *    best of `runs`), then 1,000 queries drawn (seeded) from the real stop names, a third each typed part-way, with
 *    typos and with the words shuffled (query-variants.ts). Each query is timed alone, in process, `runs` times; the
 *    figures are over each query's fastest run (the machine is shared: the slower runs are someone else's work),
 *    with the CPU time of the process beside them. The same queries go to MiniSearch 7 (fuzzy 0.2, prefix;
 *    minisearch-peer.ts) over the same names; for both: how often the first hit (and one of the first three) is
 *    the stop the query was drawn from (by name: the MTA has 15,665 stops under 11,003 names, both sides of a
 *    street share one).
 * 2. Locations (E8) with 3.5 million synthetic addresses (bench/search/synthetic-addresses.ts writes the BeST CSV;
 *    the demo feed is imported with it once into bench/.data/search/): the location index's build time and
 *    memory (its typed arrays, and the heap and array buffers it adds, measured around the build after a GC), and
 *    1,000 address, street and municipality queries drawn from the addresses.
 * 3. Quality on the demo network: the labelled queries of bench/search/demo-queries.json (quality.ts).
 * 4. Quality on New York's feeds as people there type (bench/search/ny-queries.json: landmarks and streets written
 *    out, ordinals, abbreviations, missing hyphens), ours and MiniSearch's on the same queries: top-1 and top-3, a
 *    hit counting when it is a platform of the station meant (labels.ts stationLabel).
 *
 * Results go to bench/.data/search-results.json and are printed; docs/BENCHMARKS.md "Search" holds the figures.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { importFeeds } from "../../src/cli/import-command.js";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { demoFeedPath } from "../../src/demo/demo-feed-path.js";
import { createPrng, type Prng } from "../../src/demo/prng.js";
import { NONE16 } from "../../src/network/constants.js";
import { type Network, PLACE_KINDS } from "../../src/network/model.js";
import { isLoadableSnapshot, loadSnapshot } from "../../src/network/snapshot.js";
import { buildLocationSearchIndex, searchLocations } from "../../src/search/location-search.js";
import { networkSearch } from "../../src/search/network-search.js";
import { textWords } from "../../src/search/normalise-text.js";
import { buildStopSearchIndex } from "../../src/search/stop-search.js";
import { textIndexBytes } from "../../src/search/text-index.js";
import { typicalDayActivity } from "../../src/search/typical-day-activity.js";
import { prepareMta } from "../import/prepare-mta.js";
import { benchDataDir, repoRoot } from "../lib/bench-paths.js";
import { DEMO_QUERIES_PATH } from "./demo-queries.js";
import { type LabelledQuery, stationLabel } from "./labels.js";
import { loadMiniSearch, MINISEARCH_OPTIONS, type MiniSearchIndex } from "./minisearch-peer.js";
import { type QualityCount, searchQuality } from "./quality.js";
import { asPrefix, shuffled, withTypos } from "./query-variants.js";
import { ensureSyntheticAddresses, SYNTHETIC_ADDRESS_COUNT } from "./synthetic-addresses.js";

export const NY_QUERIES_PATH = join(repoRoot, "bench/search/ny-queries.json");

export const SEARCH_TARGETS = { stopP50Ms: 1, stopP99Ms: 5, stopIndexBuildMs: 2000, locationP50Ms: 3, locationIndexMiB: 1024 } as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(name);
const QUERIES = Number(arg("--queries") ?? 1000);
const RUNS = Math.max(1, Number(arg("--runs") ?? 3));
const ADDRESSES = Number(arg("--addresses") ?? SYNTHETIC_ADDRESS_COUNT);

const MiB = 2 ** 20;
function percentile(sorted: readonly number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))];
}
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const pct = (c: QualityCount) => `${((100 * c.first) / c.queries).toFixed(1)} % first, ${((100 * c.top3) / c.queries).toFixed(1)} % in the top 3 (${c.queries} queries)`;
const gc = (globalThis as { gc?: () => void }).gc;

interface Timing {
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** Process CPU time (user + system) per query over all runs. */
  cpuMeanMs: number;
}

/** Times `fn` on every query `runs` times (after one warm-up pass); the figures of each query's fastest run. */
function timeQueries<T>(queries: readonly string[], runs: number, fn: (q: string) => T): { timing: Timing; answers: T[] } {
  const answers = queries.map(fn);
  const best = new Float64Array(queries.length).fill(Infinity);
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < queries.length; i++) {
      const t0 = performance.now();
      fn(queries[i]);
      const t = performance.now() - t0;
      if (t < best[i]) best[i] = t;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const sorted = [...best].sort((a, b) => a - b);
  return {
    timing: {
      p50Ms: percentile(sorted, 0.5),
      p90Ms: percentile(sorted, 0.9),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted[sorted.length - 1],
      meanMs: sorted.reduce((a, b) => a + b, 0) / sorted.length,
      cpuMeanMs: (cpu.user + cpu.system) / 1000 / runs / queries.length,
    },
    answers,
  };
}

/** Best of `runs` wall times of `fn` (ms), and the CPU time of the best. */
function bestOf(runs: number, fn: () => void): { wallMs: number; cpuMs: number } {
  let best = { wallMs: Infinity, cpuMs: Infinity };
  for (let r = 0; r < runs; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (wallMs < best.wallMs) best = { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
  }
  return best;
}

/** A query of each kind in turn (prefix, typos, shuffled), falling back to the next kind when one does not apply. */
function drawQuery(name: string, turn: number, rng: Prng): { variant: string; query: string } {
  const kinds = ["prefix", "typo", "shuffled"];
  for (let k = 0; k < kinds.length; k++) {
    const variant = kinds[(turn + k) % kinds.length];
    const q = variant === "prefix" ? asPrefix(name, rng) : variant === "typo" ? withTypos(name, rng) : shuffled(name, rng);
    if (q !== undefined) return { variant, query: q };
  }
  return { variant: "exact", query: name.toLowerCase() };
}

async function mtaNetwork(): Promise<{ network: Network; path: string }> {
  const path = join(benchDataDir, "mta.snapshot");
  if (!isLoadableSnapshot(path)) {
    const prepared = await prepareMta();
    console.log(`bench: ${path} missing or of an older format: importing the MTA feeds (as npm run bench:import does)`);
    await importFeeds({ feeds: prepared.feeds.map((f) => f.zipPath), out: path, profile: "generic", log: () => {} });
  }
  return { network: loadSnapshot(path), path };
}

async function benchStops() {
  const { network, path } = await mtaNetwork();
  const { stops, strings } = network;
  console.log(`\n== stops (E7): ${path}, ${stops.count.toLocaleString("en")} stops`);
  const build = bestOf(RUNS, () => buildStopSearchIndex(network, typicalDayActivity(network)));
  const index = buildStopSearchIndex(network, typicalDayActivity(network));
  console.log(`index build: ${ms(build.wallMs)} ms (best of ${RUNS}; CPU ${ms(build.cpuMs)} ms), ${index.text.dictionary.size.toLocaleString("en")} words, ${(textIndexBytes(index.text) / MiB).toFixed(1)} MiB`);

  // Distinct names, seeded order; a query per name until QUERIES.
  const names = [...new Set(Array.from({ length: stops.count }, (_, s) => strings.get(stops.longName[s])))];
  const rng = createPrng("search-bench-mta");
  const picked: Array<{ name: string; variant: string; query: string }> = [];
  for (let i = 0; i < QUERIES; i++) {
    const name = names[Math.floor(rng.next() * names.length)];
    picked.push({ name, ...drawQuery(name, i, rng) });
  }
  const queries = picked.map((p) => p.query);
  const search = networkSearch(network);
  search.stops({ text: "warm", startIndex: 0, maxHits: 10 });
  const ours = timeQueries(queries, RUNS, (text) => search.stops({ text, startIndex: 0, maxHits: 10 }).hits.slice(0, 3).map((s) => strings.get(stops.longName[s])));
  // Stops whose names have the same words in another order or spacing (`A AV/B ST`, `B ST/A AV`, `A AV / B ST`) are
  // told apart by no engine that lets word order go: counted apart as "same words".
  const wordsOf = (name: string) => textWords(name).sort().join(" ");
  const accuracy = (answers: string[][]) => {
    const count = { queries: picked.length, first: 0, top3: 0, firstSameWords: 0 };
    const byVariant: Record<string, QualityCount> = {};
    picked.forEach((p, i) => {
      const c = (byVariant[p.variant] ??= { queries: 0, first: 0, top3: 0 });
      c.queries++;
      if (answers[i][0] === p.name) count.first++, c.first++;
      if (answers[i].includes(p.name)) count.top3++, c.top3++;
      if (answers[i][0] !== undefined && wordsOf(answers[i][0]) === wordsOf(p.name)) count.firstSameWords++;
    });
    return { ...count, byVariant };
  };
  const sameWords = (a: { firstSameWords: number; queries: number }) => `; first hit with the stop's words ${((100 * a.firstSameWords) / a.queries).toFixed(1)} %`;
  const ourAccuracy = accuracy(ours.answers);
  console.log(`ours: p50 ${ms(ours.timing.p50Ms)} ms, p90 ${ms(ours.timing.p90Ms)} ms, p99 ${ms(ours.timing.p99Ms)} ms, max ${ms(ours.timing.maxMs)} ms, CPU ${ms(ours.timing.cpuMeanMs)} ms a query; right stop ${pct(ourAccuracy)}${sameWords(ourAccuracy)}`);
  for (const [v, c] of Object.entries(ourAccuracy.byVariant)) console.log(`  ${v}: ${pct(c)}`);

  let peer: Record<string, unknown> | null = null;
  let peerIndex: MiniSearchIndex | null = null;
  if (!flag("--skip-peer")) {
    const { MiniSearch, version } = await loadMiniSearch();
    const docs = Array.from({ length: stops.count }, (_, s) => {
      const m = stops.municipality[s];
      return { id: s, name: `${strings.get(stops.longName[s])}${m === NONE16 ? "" : ` ${network.meta.municipalities[m].name}`}` };
    });
    let mini = new MiniSearch({ fields: ["name"] });
    const peerBuild = bestOf(RUNS, () => {
      mini = new MiniSearch({ fields: ["name"] });
      mini.addAll(docs);
    });
    const theirs = timeQueries(queries, RUNS, (q) => mini.search(q, MINISEARCH_OPTIONS).slice(0, 3).map((r) => strings.get(stops.longName[r.id])));
    const theirAccuracy = accuracy(theirs.answers);
    console.log(`MiniSearch ${version} (fuzzy 0.2, prefix): index ${ms(peerBuild.wallMs)} ms; p50 ${ms(theirs.timing.p50Ms)} ms, p90 ${ms(theirs.timing.p90Ms)} ms, p99 ${ms(theirs.timing.p99Ms)} ms, max ${ms(theirs.timing.maxMs)} ms, CPU ${ms(theirs.timing.cpuMeanMs)} ms a query; right stop ${pct(theirAccuracy)}${sameWords(theirAccuracy)}`);
    for (const [v, c] of Object.entries(theirAccuracy.byVariant)) console.log(`  ${v}: ${pct(c)}`);
    peerIndex = mini;
    peer = { version, options: MINISEARCH_OPTIONS, indexBuildMs: peerBuild.wallMs, timing: theirs.timing, accuracy: theirAccuracy };
  }
  const nyQueries = (JSON.parse(readFileSync(NY_QUERIES_PATH, "utf8")) as { queries: LabelledQuery[] }).queries;
  const nyAnswers = (top3: (q: string) => number[]) => {
    const count = { queries: nyQueries.length, first: 0, top3: 0 };
    const byVariant: Record<string, QualityCount> = {};
    const misses: string[] = [];
    for (const q of nyQueries) {
      const labels = top3(q.query).map((s) => stationLabel(network, s));
      const c = (byVariant[q.variant] ??= { queries: 0, first: 0, top3: 0 });
      c.queries++;
      if (labels[0] === q.expect) count.first++, c.first++;
      if (labels.includes(q.expect)) count.top3++, c.top3++;
      else misses.push(`"${q.query}" -> ${q.expect}; got ${labels.join(" | ") || "nothing"}`);
    }
    return { ...count, byVariant, misses };
  };
  const nyOurs = nyAnswers((text) => search.stops({ text, startIndex: 0, maxHits: 3 }).hits);
  console.log(`\n== quality on New York as people type (bench/search/ny-queries.json): ours ${pct(nyOurs)}`);
  for (const [v, c] of Object.entries(nyOurs.byVariant)) console.log(`  ${v}: ${pct(c)}`);
  for (const m of nyOurs.misses) console.log(`  not in our top 3: ${m}`);
  let nyPeer: ReturnType<typeof nyAnswers> | null = null;
  if (peerIndex) {
    const mini = peerIndex;
    nyPeer = nyAnswers((q) => mini.search(q, MINISEARCH_OPTIONS).slice(0, 3).map((r) => r.id));
    console.log(`MiniSearch on the same set: ${pct(nyPeer)}`);
    for (const [v, c] of Object.entries(nyPeer.byVariant)) console.log(`  ${v}: ${pct(c)}`);
  }
  return {
    nyQuality: { ours: nyOurs, peer: nyPeer },
    snapshot: path,
    stops: stops.count,
    names: names.length,
    queries: picked.length,
    examples: picked.slice(0, 12).map((p) => `${p.variant}: ${p.query} -> ${p.name}`),
    indexBuild: build,
    indexWords: index.text.dictionary.size,
    indexBytes: textIndexBytes(index.text),
    ours: { timing: ours.timing, accuracy: ourAccuracy },
    peer,
  };
}

/** The demo imported with the synthetic addresses, once (bench/.data/search/); --rebuild imports it again. */
async function addressNetwork(): Promise<{ network: Network; path: string; csv: string; importSeconds?: number }> {
  const csv = await ensureSyntheticAddresses({ count: ADDRESSES, log: (l) => console.log(`bench: ${l}`) });
  const dir = join(benchDataDir, "search");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `demo-addresses-${ADDRESSES}.snapshot`);
  let importSeconds: number | undefined;
  if (flag("--rebuild") || !isLoadableSnapshot(path) || statSync(path).mtimeMs < statSync(csv).mtimeMs) {
    console.log(`bench: importing the demo feed with ${csv} into ${path}`);
    const quiet = { stage() {}, bar() {}, done() {} };
    const r = await importFeeds({ feeds: [demoFeedPath()], addresses: [csv], out: path, profile: "delijn", progress: quiet, log: () => {} });
    importSeconds = r.seconds;
  }
  return { network: loadSnapshot(path), path, csv, importSeconds };
}

/** Location queries drawn from the addresses: with number and municipality or without, street alone (exact, prefix), street with a typo and its municipality. */
function locationQueries(network: Network, count: number): Array<{ variant: string; query: string }> {
  const { places, strings } = network;
  const rng = createPrng("search-bench-locations");
  const adres = PLACE_KINDS.indexOf("adres");
  const out: Array<{ variant: string; query: string }> = [];
  while (out.length < count) {
    const p = Math.floor(rng.next() * places.count);
    if (places.kind[p] !== adres) continue;
    const street = strings.get(places.name[p]);
    const municipality = strings.get(places.municipalityName[p]).toLowerCase();
    const house = strings.get(places.houseNumber[p]).split(" bus ")[0];
    const turn = out.length % 5;
    if (turn === 0) out.push({ variant: "address", query: `${street} ${house} ${municipality}` });
    else if (turn === 1) out.push({ variant: "street", query: street });
    else if (turn === 2) out.push({ variant: "street prefix", query: asPrefix(street, rng) ?? street });
    else if (turn === 3) out.push({ variant: "street typo", query: `${withTypos(street, rng) ?? street} ${municipality}` });
    else out.push({ variant: "address without municipality", query: `${house} ${street}` });
  }
  return out;
}

/** Syllables of the made-up street names of the vocabulary stress test. */
const SYLLABLES = ["ber", "gen", "hof", "lin", "dra", "mol", "ke", "ter", "vel", "zon", "wou", "de", "bra", "kel", "mee", "ros", "tal", "ven", "lo", "schoo", "dal", "bek", "hei", "rij", "sel", "mo", "nie", "kou", "pla", "ster"];

/**
 * The network with every street renamed to a word of its own (`Molkeberstraat`), its addresses with it: the
 * synthetic register draws its street names from a few hundred parts, so its dictionary holds a few thousand words,
 * where Flanders' register has tens of thousands of distinct street names. This is the harder dictionary for the
 * prefix ranges and the typo walk. The string table is the snapshot's plus the new names.
 */
function withOwnStreetWords(network: Network): Network {
  const { places, strings } = network;
  const rng = createPrng("search-bench-street-words");
  const straat = PLACE_KINDS.indexOf("straat");
  const extra: string[] = [];
  const taken = new Set<string>();
  const renamed = new Map<number, number>();
  const name = Uint32Array.from(places.name);
  for (let p = 0; p < places.count; p++) {
    if (places.kind[p] !== straat) continue;
    const kind = /(straat|laan|weg|plein|dreef|steenweg|pad|baan|lei|veld|hof)$/.exec(strings.get(places.name[p]))?.[1] ?? "straat";
    let word = "";
    do {
      word = "";
      for (let k = rng.int(2, 3); k > 0; k--) word += rng.pick(SYLLABLES);
      word = word[0].toUpperCase() + word.slice(1) + kind;
    } while (taken.has(word));
    taken.add(word);
    renamed.set(p, strings.count + extra.length);
    name[p] = strings.count + extra.length;
    extra.push(word);
  }
  for (let p = 0; p < places.count; p++) if (places.street[p] !== 0xffff_ffff && renamed.has(places.street[p])) name[p] = renamed.get(places.street[p])!;
  const base = strings;
  const table = { count: base.count + extra.length, get: (i: number) => (i < base.count ? base.get(i) : extra[i - base.count]) };
  return { ...network, strings: table, places: { ...places, name } };
}

async function benchLocations() {
  const loaded = await addressNetwork();
  const first = await benchLocationIndex(loaded.network, `${loaded.path} as written`, loaded);
  const stress = await benchLocationIndex(withOwnStreetWords(loaded.network), "every street renamed to a word of its own", loaded);
  return { snapshot: loaded.path, csv: loaded.csv, importSeconds: loaded.importSeconds, asWritten: first, ownStreetWords: stress };
}

async function benchLocationIndex(network: Network, what: string, source: { csv: string }) {
  const adres = PLACE_KINDS.indexOf("adres");
  let addresses = 0;
  for (let p = 0; p < network.places.count; p++) if (network.places.kind[p] === adres) addresses++;
  console.log(`\n== locations (E8): ${what}, ${network.places.count.toLocaleString("en")} places, ${addresses.toLocaleString("en")} addresses (${source.csv})`);
  const activity = typicalDayActivity(network);
  gc?.();
  gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const index = buildLocationSearchIndex(network, activity);
  const buildMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  gc?.();
  gc?.();
  const after = process.memoryUsage();
  const typedBytes = textIndexBytes(index.text) + index.addressBytes + index.rank.byteLength + index.byRank.byteLength;
  const heapBytes = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
  console.log(
    `index build: ${(buildMs / 1000).toFixed(2)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s); ${index.text.dictionary.size.toLocaleString("en")} words; ` +
      `typed arrays ${(typedBytes / MiB).toFixed(0)} MiB, heap + array buffers added ${(heapBytes / MiB).toFixed(0)} MiB${gc ? "" : " (no --expose-gc: rough)"}`,
  );
  const drawn = locationQueries(network, QUERIES);
  const timed = timeQueries(drawn.map((d) => d.query), RUNS, (text) => searchLocations(network, index, { text, startIndex: 0, maxHits: 10 }).total);
  console.log(`queries: p50 ${ms(timed.timing.p50Ms)} ms, p90 ${ms(timed.timing.p90Ms)} ms, p99 ${ms(timed.timing.p99Ms)} ms, max ${ms(timed.timing.maxMs)} ms, CPU ${ms(timed.timing.cpuMeanMs)} ms a query`);
  const byVariant: Record<string, number[]> = {};
  drawn.forEach((d, i) => (byVariant[d.variant] ??= []).push(timed.answers[i]));
  return {
    places: network.places.count,
    addresses,
    indexBuildMs: buildMs,
    indexWords: index.text.dictionary.size,
    indexTypedBytes: typedBytes,
    indexHeapBytes: heapBytes,
    timing: timed.timing,
    examples: drawn.slice(0, 10).map((d, i) => `${d.variant}: ${d.query} (${timed.answers[i]} hits)`),
  };
}

async function benchQuality() {
  const network = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
  const { queries } = JSON.parse(readFileSync(DEMO_QUERIES_PATH, "utf8")) as { queries: LabelledQuery[] };
  const q = searchQuality(network, queries);
  console.log(`\n== quality on the demo network (bench/search/demo-queries.json): ${pct(q.overall)}`);
  for (const [e, c] of Object.entries(q.byEndpoint)) console.log(`  ${e}: ${pct(c)}`);
  if (q.missingLabels.length > 0) console.log(`  ${q.missingLabels.length} labels the demo no longer has, left out: ${q.missingLabels.map((m) => m.expect).join("; ")}`);
  for (const m of q.misses) console.log(`  miss: ${m.endpoint} "${m.query}" (${m.variant}) -> ${m.expect}; first: ${m.first ?? "none"}${m.rank === null ? "" : `, expected at ${m.rank + 1}`}`);
  return q;
}

const load = loadavg();
console.log(`bench:search on ${new Date().toISOString()}, load average ${load.map((x) => x.toFixed(2)).join(" ")}, ${gc ? "with" : "without"} --expose-gc`);
const results = {
  date: new Date().toISOString(),
  loadAverage: load,
  node: process.version,
  runs: RUNS,
  targets: SEARCH_TARGETS,
  stops: await benchStops(),
  locations: flag("--skip-locations") ? null : await benchLocations(),
  quality: await benchQuality(),
  loadAverageAfter: loadavg(),
};
const out = join(benchDataDir, "search-results.json");
writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
console.log(`\nresults: ${out}; load average after ${results.loadAverageAfter.map((x) => x.toFixed(2)).join(" ")}`);
