/**
 * CORS for browser apps (https://fetch.spec.whatwg.org/#http-cors-protocol). The API is read-only open data and
 * takes its key in a header, never a cookie, so no request is credentialed and `*` is safe: it is the default
 * (CORS_ORIGINS). A list of origins answers only those, echoing the origin with `Vary: Origin`; `none` answers
 * no CORS header at all (browsers then refuse cross-origin reads).
 *
 * - An actual request gets `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers: *`
 *   (the request id, quota and Retry-After headers become readable by the page; `*` works because no request
 *   is credentialed).
 * - A preflight (OPTIONS with `Access-Control-Request-Method`) of an existing path is answered by
 *   allowed-methods.ts with `preflightHeaders`: the methods the path answers, the request headers asked for
 *   (the page may send the subscription key header) and a max age of a day.
 */
import type { FastifyRequest } from "fastify";

export type CorsOrigins = "*" | readonly string[];

/** How long a browser may keep a preflight answer (browsers cap it: Chromium at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** A header-name list as browsers send it in Access-Control-Request-Headers (tokens separated by commas). */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/** The value of Access-Control-Allow-Origin for this request's Origin; undefined: none. */
export function allowedOrigin(origins: CorsOrigins, origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined;
  if (origins === "*") return "*";
  return origins.includes(origin) ? origin : undefined;
}

/**
 * The CORS headers of an actual request (any method, any status), for its Origin header. With `*` every answer
 * carries them, Origin or not, so that a shared cache may give an answer to any page; with a list the answer varies
 * by Origin.
 */
export function corsHeaders(origins: CorsOrigins, origin: string | undefined): Record<string, string> {
  if (origins === "*") return { "access-control-allow-origin": "*", "access-control-expose-headers": "*" };
  const allowed = allowedOrigin(origins, origin);
  if (allowed === undefined) return { vary: "Origin" };
  return { vary: "Origin", "access-control-allow-origin": allowed, "access-control-expose-headers": "*" };
}

/** The headers of a preflight answer for a path that answers `methods`; undefined when the origin is not allowed. */
export function preflightHeaders(
  origins: CorsOrigins,
  request: FastifyRequest,
  methods: readonly string[],
): Record<string, string> | undefined {
  const allowed = allowedOrigin(origins, request.headers.origin);
  if (allowed === undefined) return undefined;
  const headers: Record<string, string> = {
    "access-control-allow-origin": allowed,
    "access-control-allow-methods": methods.join(", "),
    "access-control-max-age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
  const asked = request.headers["access-control-request-headers"];
  // Echoed when well-formed: the API reads only the key header and a few standard ones, and ignores the rest.
  if (typeof asked === "string" && HEADER_LIST.test(asked.trim())) headers["access-control-allow-headers"] = asked.trim();
  return headers;
}
