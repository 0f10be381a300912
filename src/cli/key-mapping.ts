/**
 * `lijnwijzer inspect <snapshot> --stops|--lines [filter]`: which API key each GTFS stop and route
 * got, so that users find their own stops and lines. One row per stop or line, aligned columns;
 * the filter keeps rows any of whose columns contains it, case-insensitively.
 */
import type { Network } from "../network/model.js";

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

function table(what: string, total: number, header: string[], rows: string[][], filter: string): string[] {
  const needle = filter.toLowerCase();
  const kept = needle ? rows.filter((r) => r.some((cell) => cell.toLowerCase().includes(needle))) : rows;
  const matching = filter ? ` matching "${filter}"` : "";
  if (kept.length === 0) return [`no ${what}${matching} (of ${total} ${what}s)`];
  // An empty cell (a stop without stop_code) shows "-", so that every row has all its columns.
  const shown = kept.map((r) => r.map((cell) => cell || "-"));
  const widths = header.map((h, c) => Math.max(h.length, ...shown.map((r) => r[c].length)));
  // The last column is not padded: no trailing blanks.
  const line = (cells: string[]) => "  " + cells.map((cell, c) => (c < cells.length - 1 ? cell.padEnd(widths[c]) : cell)).join("  ");
  return [`${what}s${matching}: ${kept.length} of ${total} (GTFS ids -> API keys)`, line(header), ...shown.map(line)];
}
