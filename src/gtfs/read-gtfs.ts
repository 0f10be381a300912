import { openGtfsSource } from "./open-gtfs-source.js";
import { readFeed } from "./read-feed.js";
import type { GtfsFeed, ReadFeedOptions } from "./types.js";

/** Opens a zip or folder, reads the feed and closes the source, also when reading fails. */
export async function readGtfs(path: string, options: ReadFeedOptions = {}): Promise<GtfsFeed> {
  const source = await openGtfsSource(path);
  try {
    return await readFeed(source, options);
  } finally {
    await source.close();
  }
}
