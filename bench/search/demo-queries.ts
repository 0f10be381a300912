/**
 * Writes the labelled query set of the demo network (bench/search/demo-queries.json), once: the set is then a fixed
 * fixture that bench:search (quality.ts) and test/search/demo-search.test.ts measure against, however the engine
 * changes. Rerun only to change the set:
 *
 *   npx tsx bench/search/demo-queries.ts [--out bench/search/demo-queries.json]
 *
 * Drawn (seeded) from what is real and stable in the demo, not from generated names:
 * - stops (E7): the real stops of Leuven (data/reference/flanders/leuven_stops.csv), each name once, as typed:
 *   exact (lower case), a prefix, typos (one edit, two in words of 8+ letters), shuffled words, the municipality
 *   instead of or beside the place (`leuven doleeg`), with the stop's Dutch abbreviations written out or shortened
 *   (`St.`/`Sint`, `Stat.`, `str.`, `stwg`, `O.L.V.`), and with an accent added;
 * - locations (E8): municipalities, sub-municipalities and railway stations of the reference data, the demo's sample
 *   streets, addresses and points of interest (data/places), and stops;
 * - line directions (E9): the lines serving Leuven, by public number with the bestemming, and by description words.
 * Each query is labelled with what should come first (labels.ts).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { createPrng, type Prng } from "../../src/demo/prng.js";
import { NONE16 } from "../../src/network/constants.js";
import { type Network, PLACE_KINDS } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { repoRoot } from "../lib/bench-paths.js";
import { type LabelledQuery, lineDirectionLabel, locationLabel, stopLabel } from "./labels.js";
import { asPrefix, shuffled, typedWords, withTypos } from "./query-variants.js";

export const DEMO_QUERIES_PATH = join(repoRoot, "bench/search/demo-queries.json");

/** Shortened and written-out forms, each way round (normalise-text.ts undoes them). */
const ABBREVIATE: ReadonlyArray<[RegExp, string]> = [
  [/\bSint-/g, "St.-"],
  [/\bStation\b/g, "Stat."],
  [/straat\b/g, "str."],
  [/steenweg\b/g, "stwg"],
  [/\bO\.L\.V\.\s*/g, "Onze-Lieve-Vrouw "],
  [/\bstr\./g, "straat"],
  [/stwg\b/g, "steenweg"],
];

function abbreviated(name: string): string | undefined {
  for (const [from, to] of ABBREVIATE) {
    const out = name.replace(from, to);
    if (out !== name) return out;
  }
  return undefined;
}

/** An accent on the first e, o, a or u that has none (`Heverlee` -> `Hévërlee` would be two: one is enough). */
function accented(name: string): string | undefined {
  const m = /[eoau]/.exec(name);
  if (!m) return undefined;
  const marked: Record<string, string> = { e: "é", o: "ô", a: "à", u: "ü" };
  return name.slice(0, m.index) + marked[m[0]] + name.slice(m.index + 1);
}

function shuffle<T>(items: T[], rng: Prng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The first variant of `order` that applies to `name` (rotating `order` per query spreads the variants). */
function variantOf(name: string, order: readonly string[], rng: Prng, extra: Record<string, () => string | undefined> = {}): [string, string] {
  for (const v of order) {
    const q =
      v === "exact" ? name.toLowerCase()
      : v === "prefix" ? asPrefix(name, rng)
      : v === "typo" ? withTypos(name, rng)
      : v === "shuffled" ? shuffled(name, rng)
      : v === "abbreviation" ? abbreviated(name)
      : v === "accents" ? accented(name)
      : extra[v]?.();
    if (q !== undefined && q.trim() !== "") return [v, q];
  }
  return ["exact", name.toLowerCase()];
}

export function demoQueries(net: Network): LabelledQuery[] {
  const { strings, stops, places, meta } = net;
  const out: LabelledQuery[] = [];
  const seen = new Set<string>();
  const add = (q: LabelledQuery) => {
    const key = `${q.endpoint}|${q.query.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(q);
  };
  const leuven = meta.municipalities.findIndex((m) => m.name === "Leuven");

  // Stops: every real Leuven stop name, a variant each, rotating.
  const rng = createPrng("search-quality-stops");
  const names = new Map<string, number>();
  for (let s = 0; s < stops.count; s++) if (stops.municipality[s] === leuven && !names.has(stopLabel(net, s))) names.set(stopLabel(net, s), s);
  const VARIANTS = ["exact", "prefix", "typo", "shuffled", "municipality", "typo", "prefix", "abbreviation", "accents", "shuffled"];
  let i = 0;
  // A prefix that is itself another stop's whole name (`Leuven Station perron 1` of `... perron 13`) asks for that one.
  const wholeNames = new Set([...names.keys()].map((n) => typedWords(n.toLowerCase()).join(" ")));
  for (const [label, s] of shuffle([...names], rng).slice(0, 160)) {
    const name = strings.get(stops.name[s]);
    const place = label.endsWith(name) ? label.slice(0, label.length - name.length).trim() : "";
    const order = [...VARIANTS.slice(i % VARIANTS.length), ...VARIANTS.slice(0, i % VARIANTS.length)];
    i++;
    let [variant, query] = variantOf(label, order, rng, {
      municipality: () => (place && place !== "Leuven" ? (rng.chance(0.5) ? `leuven ${name}` : `${name} Leuven`) : undefined),
    });
    if (variant === "prefix" && wholeNames.has(typedWords(query.toLowerCase()).join(" "))) [variant, query] = ["exact", label.toLowerCase()];
    add({ endpoint: "haltes", query, variant, expect: label });
  }
  // Twenty more Leuven stops whose name has an abbreviation to write out or shorten, beside the rotation above.
  const withAbbreviation = shuffle([...names.keys()].filter((label) => abbreviated(label) !== undefined), rng);
  for (const label of withAbbreviation.slice(0, 20)) add({ endpoint: "haltes", query: abbreviated(label)!, variant: "abbreviation", expect: label });

  // Locations.
  const lrng = createPrng("search-quality-locations");
  const kindOf = (p: number) => PLACE_KINDS[places.kind[p]];
  const placesOf = (kind: string) => Array.from({ length: places.count }, (_, p) => p).filter((p) => kindOf(p) === kind);
  const placeLabel = (p: number) => locationLabel(net, { kind: "place", place: p });
  const pickSome = (items: number[], n: number) => shuffle([...items], lrng).slice(0, n);
  const LOCATION_VARIANTS = ["exact", "prefix", "typo", "accents"];
  let k = 0;
  const rotate = () => {
    const order = [...LOCATION_VARIANTS.slice(k % 4), ...LOCATION_VARIANTS.slice(0, k % 4)];
    k++;
    return order;
  };
  const ambiguous = (name: string, kind: string) => placesOf(kind).filter((p) => strings.get(places.name[p]) === name).length > 1;
  for (const p of pickSome(placesOf("hoofdgemeente"), 25)) {
    const [variant, query] = variantOf(strings.get(places.name[p]), rotate(), lrng);
    add({ endpoint: "locaties", query, variant, expect: placeLabel(p) });
  }
  for (const p of pickSome(placesOf("deelgemeente"), 20)) {
    const name = strings.get(places.name[p]);
    // A deelgemeente named as its municipality ranks after it: ask for it with its municipality's name too.
    if (name === strings.get(places.municipalityName[p]) || ambiguous(name, "deelgemeente")) continue;
    const [variant, query] = variantOf(name, rotate(), lrng);
    add({ endpoint: "locaties", query, variant, expect: placeLabel(p) });
  }
  for (const p of pickSome(placesOf("station"), 20)) {
    const name = strings.get(places.name[p]);
    if (ambiguous(name, "station")) continue;
    const [variant, query] = variantOf(`${name} station`, rotate(), lrng, {});
    add({ endpoint: "locaties", query: lrng.chance(0.5) ? query : query.replace(/^(.*) (station|stat\w*)$/i, "station $1"), variant, expect: placeLabel(p) });
  }
  const streets = placesOf("straat");
  for (const p of pickSome(streets, 20)) {
    const name = strings.get(places.name[p]);
    const municipality = strings.get(places.municipalityName[p]);
    const order = rotate();
    const sameName = streets.filter((q) => strings.get(places.name[q]) === name).length > 1;
    const [variant, query] = variantOf(name, [...(abbreviated(name) ? ["abbreviation"] : []), ...order], lrng);
    add({ endpoint: "locaties", query: sameName ? `${query} ${municipality.toLowerCase()}` : query, variant, expect: placeLabel(p) });
  }
  for (const p of pickSome(placesOf("adres"), 15)) {
    const name = strings.get(places.name[p]);
    const house = strings.get(places.houseNumber[p]);
    const municipality = strings.get(places.municipalityName[p]);
    if (house.includes("bus")) continue;
    const [variant, street] = variantOf(name, ["exact", "typo", "abbreviation", "exact"].slice(k++ % 3), lrng);
    add({ endpoint: "locaties", query: `${street} ${house} ${municipality.toLowerCase()}`, variant, expect: placeLabel(p) });
  }
  for (const p of pickSome(placesOf("herkenningspunt"), 20)) {
    const name = strings.get(places.name[p]);
    const [variant, query] = variantOf(name, rotate(), lrng);
    add({ endpoint: "locaties", query, variant, expect: placeLabel(p) });
  }
  for (const [label, s] of shuffle([...names], lrng).slice(0, 10)) {
    const [variant, query] = variantOf(label, rotate(), lrng);
    const m = stops.municipality[s];
    add({ endpoint: "locaties", query, variant, expect: `halte|${label}|${m === NONE16 ? "" : meta.municipalities[m].name}` });
  }

  // Line directions: the lines serving Leuven.
  const drng = createPrng("search-quality-lines");
  const served = new Set<number>();
  for (let ld = 0; ld < net.lines.count * 2; ld++) {
    const { patterns, lineDirections: d } = net;
    if (!d.exists[ld]) continue;
    const main = d.mainPattern[ld];
    for (let r = patterns.stopStart[main]; r < patterns.stopStart[main + 1]; r++) if (stops.municipality[patterns.stops[r]] === leuven) served.add(ld);
  }
  // A description whose words another line has too (`Aarschot - Leuven` twice, or in another order) names no one line.
  const wordSet = (text: string) => [...new Set(typedWords(text.toLowerCase()).filter((w) => w !== "-"))].sort().join(" ");
  const descriptions = new Map<string, number>();
  for (let l = 0; l < net.lines.count; l++) {
    const key = wordSet(strings.get(net.lines.description[l]));
    descriptions.set(key, (descriptions.get(key) ?? 0) + 1);
  }
  for (const ld of shuffle([...served], drng).slice(0, 40)) {
    const label = lineDirectionLabel(net, ld);
    const [number, description, destination] = label.split("|");
    if (destination === "" || !/\p{L}{4}/u.test(destination)) continue;
    const destinationWords = typedWords(destination).filter((w) => /\p{L}/u.test(w));
    const v = drng.int(0, 2);
    if (v === 0) add({ endpoint: "lijnrichtingen", query: `${number} ${destinationWords.join(" ").toLowerCase()}`, variant: "number", expect: label });
    else if (v === 1) add({ endpoint: "lijnrichtingen", query: `${number} ${withTypos(destination, drng, false) ?? destination}`, variant: "typo", expect: label });
    else if (descriptions.get(wordSet(description)) === 1) add({ endpoint: "lijnrichtingen", query: description.toLowerCase(), variant: "description", expect: `${number}|${description}` });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outPath = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : DEMO_QUERIES_PATH;
  const net = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
  const queries = demoQueries(net);
  writeFileSync(outPath, JSON.stringify({ note: "Labelled queries of the demo network for the search quality figures; written by bench/search/demo-queries.ts.", queries }, null, 1) + "\n");
  const by = (e: string) => queries.filter((q) => q.endpoint === e).length;
  console.log(`wrote ${outPath}: ${queries.length} queries (haltes ${by("haltes")}, locaties ${by("locaties")}, lijnrichtingen ${by("lijnrichtingen")})`);
}
