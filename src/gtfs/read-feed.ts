import { FeedReadContext } from "./feed-read-context.js";
import { GtfsError } from "./gtfs-error.js";
import { readTable } from "./read-table.js";
import { agencyTable } from "./tables/agency.js";
import { calendarDatesTable } from "./tables/calendar-dates.js";
import { calendarTable } from "./tables/calendar.js";
import { diversionRoutesTable } from "./tables/diversion-routes.js";
import { diversionStopsTable } from "./tables/diversion-stops.js";
import { diversionTextsTable } from "./tables/diversion-texts.js";
import { diversionsTable } from "./tables/diversions.js";
import { feedInfoTable } from "./tables/feed-info.js";
import { frequenciesTable } from "./tables/frequencies.js";
import { noteAssignmentsTable } from "./tables/note-assignments.js";
import { notesTable } from "./tables/notes.js";
import { routesTable } from "./tables/routes.js";
import { readShapes, SHAPES_FILE } from "./tables/shapes.js";
import { readStopTimes, STOP_TIMES_FILE } from "./tables/stop-times.js";
import { finishStops, stopsTable } from "./tables/stops.js";
import { transfersTable } from "./tables/transfers.js";
import { translationsTable } from "./tables/translations.js";
import { tripsTable } from "./tables/trips.js";
import type { GtfsFeed, GtfsSource, ReadFeedOptions, TripRow } from "./types.js";

const REQUIRED_FILES = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", STOP_TIMES_FILE];

/** Every file read, in reading order: a table is read after those its rows point into. */
const READ_ORDER = [
  "agency.txt",
  "stops.txt",
  "routes.txt",
  "calendar.txt",
  "calendar_dates.txt",
  "trips.txt",
  STOP_TIMES_FILE,
  SHAPES_FILE,
  "frequencies.txt",
  "transfers.txt",
  "feed_info.txt",
  "translations.txt",
  "notes.txt",
  "note_assignments.txt",
  "diversions.txt",
  "diversion_texts.txt",
  "diversion_routes.txt",
  "diversion_stops.txt",
];

/**
 * Reads and checks one GTFS feed. Throws GtfsError (file, line, problem) for a feed that
 * cannot be imported; smaller problems become `warnings`. Files are streamed one after the
 * other, so memory follows the feed's rows, not its bytes.
 */
export async function readFeed(source: GtfsSource, options: ReadFeedOptions = {}): Promise<GtfsFeed> {
  const present = new Set(await source.files());
  for (const file of REQUIRED_FILES) {
    if (!present.has(file)) throw new GtfsError(file, 0, `required file is missing from ${source.name}`);
  }
  if (!present.has("calendar.txt") && !present.has("calendar_dates.txt")) {
    throw new GtfsError("calendar.txt", 0, `neither calendar.txt nor calendar_dates.txt is in ${source.name}: one of them is required`);
  }
  const ctx = new FeedReadContext(source, options);
  await ctx.planFiles(READ_ORDER.filter((f) => present.has(f)));

  const agencies = await readTable(ctx, agencyTable, undefined);
  const stops = finishStops(await readTable(ctx, stopsTable, undefined), ctx);
  const routes = await readTable(ctx, routesTable, agencies);
  const calendars = await readTable(ctx, calendarTable, undefined);
  const calendarDates = await readTable(ctx, calendarDatesTable, undefined);
  const services = new Set<string>();
  for (const c of calendars.rows) services.add(c.serviceId);
  for (const c of calendarDates.rows) services.add(c.serviceId);
  const trips = await readTable(ctx, tripsTable, { routes: routes.index, services });
  const stopTimes = (await readStopTimes(ctx, { trips: trips.rows, tripIndex: trips.index, stopIndex: stops.index }))!;
  const shapes = await readTripShapes(ctx, trips.rows, trips.lines, present.has(SHAPES_FILE));
  const frequencies = await readTable(ctx, frequenciesTable, trips.index);
  const transfers = await readTable(ctx, transfersTable, stops.index);
  const feedInfo = await readTable(ctx, feedInfoTable, undefined);
  const translations = await readTable(ctx, translationsTable, undefined);
  const notes = await readTable(ctx, notesTable, undefined);
  const noteAssignments = await readTable(ctx, noteAssignmentsTable, {
    notes: notes.index,
    trips: trips.index,
    stops: stops.index,
  });
  const diversions = await readTable(ctx, diversionsTable, undefined);
  const diversionTexts = await readTable(ctx, diversionTextsTable, diversions.index);
  const diversionRoutes = await readTable(ctx, diversionRoutesTable, { diversions: diversions.index, routes: routes.index });
  const diversionStops = await readTable(ctx, diversionStopsTable, { diversions: diversions.index, stops: stops.index });

  // What the references leave unused: worth a look, never fatal.
  const visited = new Uint8Array(stops.rows.length);
  for (let i = 0; i < stopTimes.count; i++) visited[stopTimes.stop[i]] = 1;
  stops.rows.forEach((s, i) => {
    if (visited[i] === 0 && s.locationType === 0) {
      ctx.warn("orphan_stop", "stops.txt", stops.lines[i], `stop_id ${JSON.stringify(s.stopId)} is visited by no trip`);
    }
  });
  const routeUsed = new Uint8Array(routes.rows.length);
  trips.rows.forEach((t, i) => {
    routeUsed[routes.index.get(t.routeId)!] = 1;
    if (stopTimes.tripStart[i] === stopTimes.tripStart[i + 1]) {
      ctx.warn("trip_without_stop_times", "trips.txt", trips.lines[i], `trip_id ${JSON.stringify(t.tripId)} has no stop_times`);
    }
  });
  routes.rows.forEach((r, i) => {
    if (routeUsed[i] === 0) ctx.warn("unused_route", "routes.txt", routes.lines[i], `route_id ${JSON.stringify(r.routeId)} has no trips`);
  });
  ctx.done();

  return {
    source: source.name,
    rows: ctx.rows,
    agencies: agencies.rows,
    stops: stops.rows,
    routes: routes.rows,
    trips: trips.rows,
    calendars: calendars.rows,
    calendarDates: calendarDates.rows,
    frequencies: frequencies.rows,
    transfers: transfers.rows,
    feedInfo: feedInfo.rows[0],
    translations: translations.rows,
    notes: notes.rows,
    noteAssignments: noteAssignments.rows,
    diversions: diversions.rows,
    diversionTexts: diversionTexts.rows,
    diversionRoutes: diversionRoutes.rows,
    diversionStops: diversionStops.rows,
    stopTimes,
    shapes,
    warnings: ctx.warnings,
    warningCounts: ctx.warningCounts,
  };
}

/** The points of the shapes trips name (tables/shapes.ts); a shape_id that a present shapes.txt lacks is a warning. */
async function readTripShapes(ctx: FeedReadContext, trips: readonly TripRow[], lines: readonly number[], present: boolean) {
  const shapeIndex = new Map<string, number>();
  const firstLine: number[] = [];
  trips.forEach((t, i) => {
    if (t.shapeId === "" || shapeIndex.has(t.shapeId)) return;
    shapeIndex.set(t.shapeId, shapeIndex.size);
    firstLine.push(lines[i]);
  });
  // Without the file every line is drawn along its stops, as for any feed without shapes: nothing to warn about.
  if (!present) return undefined;
  const shapes = await readShapes(ctx, { shapeIndex });
  shapes?.ids.forEach((id, s) => {
    if (shapes.start[s + 1] === shapes.start[s]) {
      ctx.warn("unknown_shape_id", "trips.txt", firstLine[s], `shape_id ${JSON.stringify(id)} has no point in shapes.txt: its trips are drawn along their stops`);
    }
  });
  return shapes;
}
