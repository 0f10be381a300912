/** The GTFS reader: open a zip or folder, read it into a checked, columnar GtfsFeed. */
export { GtfsError } from "./gtfs-error.js";
export { openGtfsSource } from "./open-gtfs-source.js";
export { readFeed } from "./read-feed.js";
export { readGtfs } from "./read-gtfs.js";
export type * from "./types.js";
