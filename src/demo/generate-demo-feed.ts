/**
 * The demo network of Flanders as a GTFS feed in the operator's conventions (the `delijn` key
 * profile of docs/DATASET_EXTENSIONS.md), with every extension column and file. Deterministic:
 * seeded random numbers only, no clock; `npm run demo:generate` rewrites data/demo.
 */
import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultReferenceDir } from "../reference/default-reference-dir.js";
import { readReference } from "../reference/read-reference.js";
import type { ReferenceColour, ReferenceData } from "../reference/types.js";
import { AALST_LINES } from "./aalst-lines.js";
import { LineStopBuilder, type LineStops } from "./build-line-stops.js";
import { buildTrips, type DemoTrip } from "./build-trips.js";
import { DEMO_END, DEMO_START, demoCalendar } from "./demo-calendar.js";
import { demoFeedPath } from "./demo-feed-path.js";
import { expressLines } from "./express-lines.js";
import { verifyKnownTrips } from "./known-trips.js";
import { LeuvenRouter } from "./leuven-router.js";
import { LEUVEN_LINES } from "./leuven-lines.js";
import type { LinePlan } from "./line-plan.js";
import {
  buildDiversions,
  buildNoteAssignments,
  NOTES,
  type BuiltLine,
  type NetworkLookup,
} from "./notes-and-diversions.js";
import { hashString } from "./prng.js";
import { addRegionLines, LineNumbers, REGION_PLANS } from "./regional-lines.js";
import { SPECIAL_LINES } from "./special-lines.js";
import { StopRegistry, type DemoStop } from "./stop-registry.js";
import { ANTWERP_TRAMS, GENT_TRAMS } from "./tram-lines.js";
import { toCsv, type CsvValue } from "./write-csv.js";
import { zipFiles } from "./write-zip.js";

/** Bumped when the generator changes in a way users of the demo should notice. */
export const DEMO_FEED_VERSION = "2024.1";

/** The line whose intermediate stops carry no times (timepoint 0) on every trip. */
export const NON_TIMEPOINT_LINE = { entity: "3", number: 380 };
/** The tram line whose weekday service is given as frequencies.txt template trips. */
export const FREQUENCY_LINE = { entity: "1", number: 24 };

export interface DemoLine extends BuiltLine {
  plan: LinePlan;
  stops: LineStops;
  regionCode: string;
}

export interface DemoFeed {
  /** File name -> content, in the order they are written. */
  files: Map<string, string>;
  lines: DemoLine[];
  stops: DemoStop[];
}

export interface BuildOptions {
  /** Check the facts of known-trips.ts (default true); false only to look at a changed generator. */
  verify?: boolean;
}

export function buildDemoFeed(ref: ReferenceData, options: BuildOptions = {}): DemoFeed {
  const registry = new StopRegistry(ref);
  const router = new LeuvenRouter(registry.realPlaces);
  const builder = new LineStopBuilder(ref, registry, router);
  const numbers = new LineNumbers();
  const served = new Set<number>();
  const lines: DemoLine[] = [];

  const fixed = [...ANTWERP_TRAMS, ...GENT_TRAMS, ...LEUVEN_LINES, ...AALST_LINES, ...SPECIAL_LINES];
  for (const plan of fixed) numbers.reserve(plan.entity, plan.number);
  const add = (plan: LinePlan, regionCode: string) => {
    const stops = builder.build(plan);
    for (const s of [...stops.outbound.stops, ...stops.inbound.stops]) served.add(s.municipalityNis);
    const routeId = plan.entity + String(plan.number).padStart(3, "0");
    const trips = buildTrips(plan, stops, {
      routeId,
      nonTimepoints: plan.entity === NON_TIMEPOINT_LINE.entity && plan.number === NON_TIMEPOINT_LINE.number,
      weekdayFrequencies: plan.entity === FREQUENCY_LINE.entity && plan.number === FREQUENCY_LINE.number,
      // A third of the trams are older, high-floor vehicles; Leuven's buses are all low-floor.
      inaccessibleShare: plan.schedule === "tram" ? 0.34 : LEUVEN_LINES.includes(plan) ? 0 : 0.1,
    });
    lines.push({
      routeId,
      entity: plan.entity,
      number: plan.number,
      publicNumber: plan.publicNumber,
      serviceType: plan.serviceType,
      trips,
      plan,
      stops,
      regionCode,
    });
  };
  for (const plan of fixed) add(plan, "");
  for (const code of Object.keys(REGION_PLANS).sort()) {
    addRegionLines(code, {
      ref,
      numbers,
      isServed: (nis) => served.has(nis),
      hasStopNear: (p, meters) => registry.hasStopNear(p, meters),
      add: (plan) => add(plan, code),
    });
  }
  // Last, so that the stops they add take the next free numbers and no existing number moves.
  for (const plan of expressLines(numbers)) add(plan, "");

  const stops = registry.allStops().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const lookup = networkLookup(lines, registry);
  const calendar = demoCalendar();
  const files = new Map<string, string>();

  files.set(
    "agency.txt",
    toCsv(
      ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"],
      ref.entities.map((e) => [e.number, `De Lijn ${e.name}`, "https://www.delijn.be", ref.timezone, "nl"]),
    ),
  );
  files.set(
    "stops.txt",
    toCsv(
      ["stop_id", "stop_code", "stop_name", "stop_lat", "stop_lon", "location_type", "wheelchair_boarding", "stop_accessibility", "stop_place"],
      stops.map((s) => [
        s.id,
        s.id,
        s.name,
        s.lat.toFixed(6),
        s.lon.toFixed(6),
        0,
        s.accessibility.includes("MOTORISCHE_BEPERKING") ? 1 : 2,
        s.accessibility.join(";"),
        s.place,
      ]),
    ),
  );
  const sortedLines = [...lines].sort((a, b) => (a.routeId < b.routeId ? -1 : 1));
  files.set(
    "routes.txt",
    toCsv(
      [
        "route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color", "route_text_color",
        "route_service_type", "route_public", "route_border_color", "route_text_border_color",
      ],
      sortedLines.map((l) => {
        const c = lineColours(ref.colours, l);
        return [
          l.routeId, l.entity, l.publicNumber, l.plan.description, l.plan.routeType, c.background, c.text,
          l.serviceType, l.serviceType === "TECHNISCHE_LIJN" ? 0 : 1, c.border, c.textBorder,
        ];
      }),
    ),
  );
  const trips = sortedLines.flatMap((l) => l.trips);
  files.set(
    "trips.txt",
    toCsv(
      ["route_id", "service_id", "trip_id", "trip_headsign", "trip_short_name", "direction_id", "wheelchair_accessible"],
      trips.map((t) => [t.routeId, t.serviceId, t.tripId, t.headsign, t.tripNumber, t.direction, t.wheelchair]),
    ),
  );
  files.set("stop_times.txt", stopTimesCsv(trips));
  files.set(
    "frequencies.txt",
    toCsv(
      ["trip_id", "start_time", "end_time", "headway_secs", "exact_times"],
      trips
        .filter((t) => t.frequency)
        .map((t) => [t.tripId, gtfsTime(t.frequency!.start), gtfsTime(t.frequency!.end), t.frequency!.headwaySeconds, 1]),
    ),
  );
  files.set(
    "calendar.txt",
    toCsv(
      ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"],
      calendar.calendars.map((c) => [c.serviceId, ...c.days, c.start, c.end]),
    ),
  );
  files.set(
    "calendar_dates.txt",
    toCsv(["service_id", "date", "exception_type"], calendar.dates.map((d) => [d.serviceId, d.date, d.exceptionType])),
  );
  files.set(
    "feed_info.txt",
    toCsv(
      ["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version"],
      [["lijnwijzer demo network (generated)", "https://www.npmjs.com/package/lijnwijzer", "nl", DEMO_START, DEMO_END, DEMO_FEED_VERSION]],
    ),
  );
  files.set("notes.txt", toCsv(["note_id", "note_text"], NOTES.map((n) => [n.noteId, n.text])));
  files.set(
    "note_assignments.txt",
    toCsv(["note_id", "trip_id", "stop_id"], buildNoteAssignments(lookup).map((a) => [a.noteId, a.tripId, a.stopId])),
  );
  const diversions = buildDiversions(lookup);
  files.set(
    "diversions.txt",
    toCsv(
      ["diversion_id", "diversion_kind", "diversion_type", "start_date", "end_date", "days"],
      diversions.map((d) => [d.id, d.kind, d.type, d.start, d.end, d.days.join(";")]),
    ),
  );
  files.set(
    "diversion_texts.txt",
    toCsv(
      ["diversion_id", "language", "title", "description"],
      diversions.flatMap((d) => d.texts.map((t) => [d.id, t.language, t.title, t.description])),
    ),
  );
  files.set(
    "diversion_routes.txt",
    toCsv(
      ["diversion_id", "route_id", "direction_id"],
      diversions.flatMap((d) => d.routes.map((r) => [d.id, r.routeId, r.directionId])),
    ),
  );
  files.set(
    "diversion_stops.txt",
    toCsv(["diversion_id", "stop_id"], diversions.flatMap((d) => d.stopIds.map((s) => [d.id, s]))),
  );

  if (options.verify !== false) verifyKnownTrips(files);
  return { files, lines, stops };
}

/** The feed as one zip (13 MB of text, 2 MB zipped: too big for a folder in git). */
export function demoFeedZip(feed: DemoFeed): Buffer {
  return zipFiles(feed.files);
}

export interface WrittenFeed {
  path: string;
  bytes: number;
  /** SHA-256 of each file's content (not of the zip, whose bytes depend on the zlib version). */
  fileHashes: Map<string, string>;
  stopTimes: number;
}

/** Writes the zip to `path` (atomically: a temporary file, then a rename). */
export async function writeDemoFeed(path: string = demoFeedPath(), ref?: ReferenceData): Promise<WrittenFeed> {
  const feed = buildDemoFeed(ref ?? (await readReference(defaultReferenceDir())));
  const zip = demoFeedZip(feed);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(`${path}.tmp`, zip);
  await rename(`${path}.tmp`, path);
  const fileHashes = new Map<string, string>();
  for (const [name, content] of feed.files) fileHashes.set(name, createHash("sha256").update(content).digest("hex"));
  const stopTimes = feed.lines.reduce((n, l) => n + l.trips.reduce((m, t) => m + t.stops.length, 0), 0);
  return { path, bytes: zip.length, fileHashes, stopTimes };
}

function networkLookup(lines: DemoLine[], registry: StopRegistry): NetworkLookup {
  return {
    line(entity, number) {
      const l = lines.find((x) => x.entity === entity && x.number === number);
      if (!l) throw new Error(`demo: no line ${entity}/${number}`);
      return l;
    },
    realStops(longName) {
      return registry.realPlace(longName).stops;
    },
    stopsNamed(routeId, name) {
      const l = lines.find((x) => x.routeId === routeId)!;
      return [...l.stops.outbound.stops, ...l.stops.inbound.stops].filter((s) => s.name === name);
    },
  };
}

/** "HH:MM:SS", hours may pass 24. */
export function gtfsTime(seconds: number): string {
  const hh = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return `${hh < 10 ? "0" : ""}${hh}:${mm < 10 ? "0" : ""}${mm}:${ss < 10 ? "0" : ""}${ss}`;
}

function stopTimesCsv(trips: DemoTrip[]): string {
  // Built by hand rather than through toCsv: no field here needs quoting, and this file is most of
  // the feed. Time texts are cached (times are whole minutes) to keep garbage low.
  const timeText = new Map<number, string>();
  const text = (t: number | undefined) => {
    if (t === undefined) return "";
    let s = timeText.get(t);
    if (s === undefined) {
      s = gtfsTime(t);
      timeText.set(t, s);
    }
    return s;
  };
  const parts = ["trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type,timepoint\n"];
  for (const t of trips) {
    let rows = "";
    for (let i = 0; i < t.stops.length; i++) {
      const pd = t.pickupDropOff?.[i];
      const pdText = pd === undefined || pd === 0 ? "" : String(pd);
      const tp = t.timepoints ? String(t.timepoints[i]) : "";
      rows += `${t.tripId},${text(t.arrivals[i])},${text(t.departures[i])},${t.stops[i].id},${i + 1},${pdText},${pdText},${tp}\n`;
    }
    parts.push(rows);
  }
  return parts.join("");
}

/** Palette colours per line: background by the line's hash, text black or white for contrast. */
function lineColours(palette: ReferenceColour[], line: DemoLine): Record<"background" | "text" | "border" | "textBorder", CsvValue> {
  const h = hashString(line.routeId);
  const bg = palette[h % palette.length];
  const light = (0.299 * bg.r + 0.587 * bg.g + 0.114 * bg.b) / 255 > 0.6;
  const text = palette.find((c) => c.hex === (light ? "000000" : "FFFFFF"))!;
  const blue = palette.find((c) => c.code === "BD")!;
  // Light badges get a border; some lines set the border of the number too, others leave both empty.
  const border = light ? blue.hex : (h >> 8) % 3 === 0 ? text.hex : undefined;
  const textBorder = (h >> 12) % 4 === 0 ? bg.hex : undefined;
  return { background: bg.hex, text: text.hex, border, textBorder };
}

async function main(): Promise<void> {
  const started = performance.now();
  const written = await writeDemoFeed();
  const ms = Math.round(performance.now() - started);
  console.log(`demo feed: ${written.path} (${written.bytes} bytes, ${written.stopTimes} stop times) in ${ms} ms`);
  for (const [name, hash] of written.fileHashes) console.log(`  ${name.padEnd(22)} sha256 ${hash.slice(0, 16)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
