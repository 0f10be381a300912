/**
 * The one error catalogue. Queries throw `LijnwijzerError`; `src/api` maps it to
 * `{statusCode, message}`. Codes are stable (`LW_*`) and unique (checked by a test).
 */
export class LijnwijzerError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "LijnwijzerError";
  }
}

export interface ErrorDefinition {
  readonly code: string;
  readonly status: number;
  readonly template: string;
  /** Builds the error; each `%s` in the template takes the next argument. */
  (...args: Array<string | number>): LijnwijzerError;
}

const catalogue = new Map<string, ErrorDefinition>();

export function defineError(code: string, status: number, template: string): ErrorDefinition {
  if (catalogue.has(code)) throw new Error(`error code ${code} is defined twice`);
  const make = (...args: Array<string | number>) => {
    let i = 0;
    const message = template.replace(/%s/g, () => String(args[i++] ?? ""));
    return new LijnwijzerError(code, status, message);
  };
  const def = Object.assign(make, { code, status, template }) as ErrorDefinition;
  catalogue.set(code, def);
  return def;
}

/** Every defined error, for the uniqueness test and the docs. */
export function errorCatalogue(): ReadonlyMap<string, ErrorDefinition> {
  return catalogue;
}

// --- import / snapshot -----------------------------------------------------------------
export const SNAPSHOT_VERSION_MISMATCH = defineError(
  "LW_SNAPSHOT_VERSION",
  500,
  "Snapshot %s has format version %s, this lijnwijzer reads version %s: re-import it with `lijnwijzer import`",
);
export const SNAPSHOT_INVALID = defineError("LW_SNAPSHOT_INVALID", 500, "Snapshot %s is not a lijnwijzer snapshot: %s");
export const REFERENCE_INVALID = defineError("LW_REFERENCE_INVALID", 500, "Reference data folder %s: %s");
export const CONFIG_INVALID = defineError("LW_CONFIG_INVALID", 500, "Invalid configuration: %s");
// A GTFS feed fetched over HTTP (src/gtfs/download-feed.ts): the URL without its credentials, and what went wrong.
export const FEED_DOWNLOAD_FAILED = defineError("LW_FEED_DOWNLOAD", 502, "Feed %s cannot be downloaded: %s");

// --- request errors (4xx) ----------------------------------------------------------------
export const UNAUTHORIZED = defineError(
  "LW_UNAUTHORIZED",
  401,
  "Access denied due to missing or invalid subscription key. Send a valid key in the Ocp-Apim-Subscription-Key header or the subscription-key query parameter.",
);
export const ROUTE_NOT_FOUND = defineError("LW_ROUTE_NOT_FOUND", 404, "Resource not found: %s");
export const BAD_PARAMETER = defineError("LW_BAD_PARAMETER", 400, "%s");
// The production server (docs/COMPATIBILITY.md O10, O15, O16): a method the path lacks, /metrics from outside loopback, /ready while not ready.
export const METHOD_NOT_ALLOWED = defineError("LW_METHOD_NOT_ALLOWED", 405, "Method %s is not allowed on %s: it answers %s");
export const METRICS_FORBIDDEN = defineError("LW_METRICS_FORBIDDEN", 403, "%s");
export const NOT_READY = defineError("LW_NOT_READY", 503, "Not ready: %s");
// Costly requests beyond what a worker runs at once and holds waiting (src/api/http/request-cost.ts).
export const TOO_BUSY = defineError(
  "LW_TOO_BUSY",
  503,
  "The server is busy with other large requests (%s waiting): try again in a second, or ask for fewer stops or passages",
);
// Server-Sent Events streams beyond the bounds (src/api/shared/event-streams.ts, docs/COMPATIBILITY.md R24).
export const STREAMS_PER_KEY_EXCEEDED = defineError(
  "LW_STREAMS_PER_KEY",
  429,
  "This key has %s streams open on this server, the most it may: close one before opening another",
);
export const STREAMS_PER_WORKER_EXCEEDED = defineError(
  "LW_STREAMS_PER_WORKER",
  503,
  "The server holds %s streams, the most it may: try again later, or ask without Accept: text/event-stream",
);
export const ENTITY_NOT_FOUND = defineError("LW_ENTITY_NOT_FOUND", 404, "Entity %s does not exist");
export const LINE_NOT_FOUND = defineError("LW_LINE_NOT_FOUND", 404, "Line %s of entity %s does not exist");
export const LINE_DIRECTION_NOT_FOUND = defineError(
  "LW_LINE_DIRECTION_NOT_FOUND",
  404,
  "Line %s of entity %s has no direction %s",
);
export const STOP_NOT_FOUND = defineError("LW_STOP_NOT_FOUND", 404, "Stop %s of entity %s does not exist");
// A key of the key history that an import removed (src/network/key-history.ts): 404, saying when, never another resource.
export const ENTITY_REMOVED = defineError("LW_ENTITY_REMOVED", 404, "Entity %s was removed from the network %s");
export const LINE_REMOVED = defineError("LW_LINE_REMOVED", 404, "Line %s of entity %s was removed from the network %s");
export const LINE_DIRECTION_REMOVED = defineError("LW_LINE_DIRECTION_REMOVED", 404, "Line %s of entity %s has had no direction %s since %s");
export const STOP_REMOVED = defineError("LW_STOP_REMOVED", 404, "Stop %s of entity %s was removed from the network %s");
export const MUNICIPALITY_NOT_FOUND = defineError("LW_MUNICIPALITY_NOT_FOUND", 404, "Municipality %s does not exist");
export const REGION_NOT_FOUND = defineError("LW_REGION_NOT_FOUND", 404, "Transport region %s does not exist");
export const COLOUR_NOT_FOUND = defineError("LW_COLOUR_NOT_FOUND", 404, "Colour %s does not exist");
export const DIVERSION_NOT_FOUND = defineError("LW_DIVERSION_NOT_FOUND", 404, "Diversion %s does not exist");
export const GTFS_ID_NOT_FOUND = defineError("LW_GTFS_ID_NOT_FOUND", 404, "No %s of the network has the GTFS %s %s");
export const TRIP_NOT_FOUND = defineError("LW_TRIP_NOT_FOUND", 404, "Trip %s does not run on line direction %s on %s");
// The map extension (src/api/core/kaart/geometrie.ts; docs/COMPATIBILITY.md W8).
export const MUNICIPALITY_OUTLINE_NOT_FOUND = defineError(
  "LW_MUNICIPALITY_OUTLINE_NOT_FOUND",
  404,
  "Municipality %s has no outline in this network (it was imported without its boundary)",
);

// --- keys and quotas (src/lib/keys-file.ts, src/api/quota/; docs/OPERATIONS.md "Keys and quotas") ---
export const KEYS_FILE_INVALID = defineError("LW_KEYS_FILE_INVALID", 500, "Keys file %s: %s");
/** The wording of the operator's gateway (Azure API Management) for its rate limit, with our status 429. */
export const QUOTA_MINUTE_EXCEEDED = defineError("LW_QUOTA_MINUTE", 429, "Rate limit is exceeded. Try again in %s seconds.");
/** The gateway's wording for its call volume quota (it answers 403; we answer 429 for every limit, docs/COMPATIBILITY.md O4). */
export const QUOTA_DAY_EXCEEDED = defineError("LW_QUOTA_DAY", 429, "Out of call volume quota. Quota will be replenished in %s.");
export const QUOTA_STORE_UNAVAILABLE = defineError(
  "LW_QUOTA_STORE_UNAVAILABLE",
  503,
  "The service cannot count calls at the moment (its quota store does not answer), so it answers none: try again in a few seconds",
);
