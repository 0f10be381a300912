/**
 * `lijnwijzer inspect <snapshot> --stops|--lines [filter]`: which API key each GTFS stop and route
 * got, so that users find their own stops and lines. One row per stop or line, aligned columns;
 * the filter keeps rows any of whose columns contains it, case-insensitively.
 */
import { NONE16 } from "../network/constants.js";
import { recordKey } from "../network/key-history.js";
import { KEY_KINDS, type Network } from "../network/model.js";

/** Stops: GTFS stop_id and stop_code -> key `<entity>_<stop number>`, resource path and name. */
export function stopMapping(net: Network, filter = ""): string[] {
  const { stops, strings: s } = net;
  const rows: string[][] = [];
  for (let i = 0; i < stops.count; i++) {
    const entity = net.meta.entities[stops.entity[i]].number;
    const number = s.get(stops.number[i]);
    rows.push([s.get(stops.gtfsId[i]), s.get(stops.code[i]), `${entity}_${number}`, `/haltes/${entity}/${number}`, s.get(stops.name[i])]);
  }
  return table("stop", stops.count, ["stop_id", "stop_code", "key", "resource", "name"], rows, filter);
}

/**
 * Lines: GTFS route_id -> key `<entity>_<line number>`, public number, resource path and
 * description. A delijn line may merge several routes ("3302_a", "3302_b"): it shows the first.
 */
export function lineMapping(net: Network, filter = ""): string[] {
  const { lines, strings: s } = net;
  const rows: string[][] = [];
  for (let l = 0; l < lines.count; l++) {
    const entity = net.meta.entities[lines.entity[l]].number;
    const number = s.get(lines.number[l]);
    rows.push([s.get(lines.gtfsId[l]), `${entity}_${number}`, s.get(lines.publicNumber[l]), `/lijnen/${entity}/${number}`, s.get(lines.description[l])]);
  }
  return table("line", lines.count, ["route_id", "key", "public number", "resource", "description"], rows, filter);
}

/**
 * The key history (key-history.ts): every key the network's imports gave, with its GTFS id, the import that added
 * it and the one that removed it ("-" while present). The filter matches the GTFS id, the key or the resource.
 */
export function keyHistoryMapping(net: Network, filter = ""): string[] {
  const { keyHistory: h, strings: s, meta } = net;
  const day = (i: number) => meta.imports[i]?.createdAt.slice(0, 10) ?? "?";
  const rows: string[][] = [];
  for (let i = 0; i < h.count; i++) {
    const kind = KEY_KINDS[h.kind[i]];
    const key = recordKey({ kind, entity: s.get(h.entity[i]), number: s.get(h.number[i]), direction: h.direction[i] });
    const [e, n, d] = key.split("_");
    const resource =
      kind === "entity" ? `/entiteiten/${e}` : kind === "stop" ? `/haltes/${e}/${n}` : kind === "line" ? `/lijnen/${e}/${n}` : `/lijnen/${e}/${n}/lijnrichtingen/${d}`;
    const feed = meta.imports[h.added[i]]?.feeds[h.feed[i]]?.source ?? String(h.feed[i]);
    rows.push([kind, feed, s.get(h.gtfsId[i]), key, resource, day(h.added[i]), h.removed[i] === NONE16 ? "" : day(h.removed[i])]);
  }
  const header = ["kind", "feed", "GTFS id", "key", "resource", "added", "removed"];
  const lines = table("key", h.count, header, rows, filter, [2, 3, 4]);
  const first = meta.imports[0]?.createdAt.slice(0, 10);
  return [`key history: ${meta.imports.length} import${meta.imports.length === 1 ? "" : "s"} since ${first}`, ...lines];
}

/** `searched`: the columns the filter looks in (default all). */
function table(what: string, total: number, header: string[], rows: string[][], filter: string, searched?: number[]): string[] {
  const needle = filter.toLowerCase();
  const matches = (r: string[]) => (searched ? searched.map((c) => r[c]) : r).some((cell) => cell.toLowerCase().includes(needle));
  const kept = needle ? rows.filter(matches) : rows;
  const matching = filter ? ` matching "${filter}"` : "";
  if (kept.length === 0) return [`no ${what}${matching} (of ${total} ${what}s)`];
  // An empty cell (a stop without stop_code) shows "-", so that every row has all its columns.
  const shown = kept.map((r) => r.map((cell) => cell || "-"));
  const widths = header.map((h, c) => Math.max(h.length, ...shown.map((r) => r[c].length)));
  // The last column is not padded: no trailing blanks.
  const line = (cells: string[]) => "  " + cells.map((cell, c) => (c < cells.length - 1 ? cell.padEnd(widths[c]) : cell)).join("  ");
  return [`${what}s${matching}: ${kept.length} of ${total} (GTFS ids -> API keys)`, line(header), ...shown.map(line)];
}
