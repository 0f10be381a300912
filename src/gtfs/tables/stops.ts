/** stops.txt: https://gtfs.org/schedule/reference/#stopstxt (+ extension columns, docs/DATASET_EXTENSIONS.md) */
import type { FeedReadContext } from "../feed-read-context.js";
import type { TableRows } from "../read-table.js";
import type { TableSpec } from "../table-spec.js";
import type { StopRow } from "../types.js";

/** 0 stop/platform, 1 station, 2 entrance/exit, 3 generic node, 4 boarding area. */
const LOCATION_TYPES = [0, 1, 2, 3, 4] as const;
/** 0 no information, 1 some accessible boarding, 2 not possible. */
const WHEELCHAIR_BOARDING = [0, 1, 2] as const;
/** Extension column stop_accessibility: the API's halteToegankelijkheden. */
const ACCESSIBILITY = ["MOTORISCHE_BEPERKING", "MOTORISCH_MET_ASSIST", "VISUELE_BEPERKING"] as const;

export const stopsTable: TableSpec<StopRow> = {
  file: "stops.txt",
  // stop_lat/stop_lon are required for stops, stations and entrances: every real stops.txt has them
  required: ["stop_id", "stop_lat", "stop_lon"],
  key: { columns: "stop_id", of: (s) => s.stopId },
  parse(r) {
    const locationType = r.enumOf("location_type", LOCATION_TYPES, 0);
    const lat = r.float("stop_lat", -90, 90);
    const lon = r.float("stop_lon", -180, 180);
    // Required for stops, stations and entrances; generic nodes and boarding areas may leave
    // them empty and take their parent's position (finishStops).
    if (locationType <= 2) {
      if (lat === undefined) r.fail("missing value in stop_lat");
      if (lon === undefined) r.fail("missing value in stop_lon");
    }
    let accessibility = "";
    const acc = r.text("stop_accessibility");
    if (acc !== "") {
      const parts = acc.split(";").map((p) => p.trim()).filter((p) => p !== "");
      for (const p of parts) {
        if (!(ACCESSIBILITY as readonly string[]).includes(p)) {
          r.fail(`unknown stop_accessibility ${JSON.stringify(p)} (expected ${ACCESSIBILITY.join(", ")}, joined with ';')`);
        }
      }
      accessibility = parts.join(";");
    }
    return {
      stopId: r.requiredText("stop_id"),
      code: r.text("stop_code"),
      name: r.text("stop_name"),
      desc: r.text("stop_desc"),
      lat: lat ?? NaN,
      lon: lon ?? NaN,
      locationType,
      parentStation: r.text("parent_station"),
      wheelchairBoarding: r.enumOf("wheelchair_boarding", WHEELCHAIR_BOARDING, 0),
      platformCode: r.text("platform_code"),
      accessibility,
      place: r.text("stop_place"),
    };
  },
};

/**
 * After all stops are read: a parent_station that does not exist is dropped (warning
 * `unknown_reference`); a generic node or boarding area without a position takes its
 * parent's (or grandparent's); one that still has none is dropped (warning
 * `stop_without_position`): nothing can be placed on a map without a position.
 */
export function finishStops(table: TableRows<StopRow>, ctx: FeedReadContext): TableRows<StopRow> {
  const { rows: stops, index, lines } = table;
  stops.forEach((s, i) => {
    if (s.parentStation !== "" && !index.has(s.parentStation)) {
      ctx.warn("unknown_reference", "stops.txt", lines[i], `unknown parent_station ${JSON.stringify(s.parentStation)} ignored`);
      s.parentStation = "";
    }
  });
  let dropped = false;
  for (const s of stops) {
    let p: StopRow | undefined = s;
    for (let depth = 0; depth < 4 && p && Number.isNaN(p.lat + p.lon); depth++) {
      p = p.parentStation !== "" ? stops[index.get(p.parentStation)!] : undefined;
    }
    if (p && !Number.isNaN(p.lat + p.lon)) {
      s.lat = p.lat;
      s.lon = p.lon;
    } else {
      dropped = true;
    }
  }
  if (!dropped) return table;
  const kept: TableRows<StopRow> = { ...table, rows: [], index: new Map(), lines: [] };
  stops.forEach((s, i) => {
    if (Number.isNaN(s.lat + s.lon)) {
      ctx.warn("stop_without_position", "stops.txt", lines[i], `stop ${JSON.stringify(s.stopId)} has no position, nor has its parent: ignored`);
      return;
    }
    kept.index.set(s.stopId, kept.rows.length);
    kept.rows.push(s);
    kept.lines.push(lines[i]);
  });
  return kept;
}
