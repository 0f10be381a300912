import { fileURLToPath } from "node:url";

/**
 * Absolute path of the demo GTFS feed (data/demo/flanders.zip) shipped in the package; works from
 * src/demo under tsx and from dist/demo after the build, both two levels below the package root.
 */
export function demoFeedPath(): string {
  return fileURLToPath(new URL("../../data/demo/flanders.zip", import.meta.url));
}
