/**
 * Every error answers JSON `{statusCode, message}`: a message that says what to fix, never a stack trace.
 * - LijnwijzerError (src/errors.ts): its status and message, plus a hint for the 404s;
 * - schema validation of params and query: 400 naming the parameter, the value and the form to use;
 * - an unknown path: 404;
 * - the router's own errors, before any route runs (`frameworkErrors`): 400 for malformed percent-encoding or a
 *   path parameter longer than the router takes;
 * - requests Node's HTTP parser refuses (`clientErrorHandler`): 400, 431 for headers over 16 KB;
 * - an HTTP/1.1 request without a Host header: 400;
 * - anything else: its 4xx status and message, or 500 with a generic message (the details go to the log).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { BAD_PARAMETER, LijnwijzerError, ROUTE_NOT_FOUND } from "../../errors.js";
import type { AppConfig } from "../../config/load-config.js";
import type { ErrorBody } from "../shared/common.schemas.js";
import { MAX_LIST_KEYS } from "../shared/path-keys.js";
import { paramHint } from "../shared/params.schemas.js";
import { shortened, shownValue } from "./shown-value.js";

const INTERNAL_ERROR_MESSAGE = "Internal error: the server could not answer this request; it has been logged, try again later";

/** What to do about a 404 of the catalogue, appended to its message. */
const NOT_FOUND_HINTS: Record<string, string> = {
  LW_ENTITY_NOT_FOUND: "the entities are listed at /entiteiten",
  LW_LINE_NOT_FOUND: "check the entity and line number; the lines of an entity are listed at /entiteiten/{entiteitnummer}/lijnen",
  LW_LINE_DIRECTION_NOT_FOUND: "the directions of a line are listed at /lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen",
  LW_STOP_NOT_FOUND: "check the entity and stop number; the stops of an entity are listed at /entiteiten/{entiteitnummer}/haltes",
  LW_MUNICIPALITY_NOT_FOUND: "municipality numbers are NIS codes, e.g. 24062 for Leuven; they are listed at /gemeenten",
  LW_REGION_NOT_FOUND: "the transport regions are listed at /vervoerregios",
  LW_COLOUR_NOT_FOUND: "the colours are listed at /kleuren",
  LW_ENTITY_REMOVED: "its number is never given to another entity; the entities are listed at /entiteiten",
  LW_LINE_REMOVED: "its number is never given to another line; a line that runs again under its GTFS route_id gets it back (/lijnen/gtfs/{route_id})",
  LW_LINE_DIRECTION_REMOVED: "the directions of a line are listed at /lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen",
  LW_STOP_REMOVED: "its number is never given to another stop; a stop that comes back under its GTFS stop_id gets it back (/haltes/gtfs/{stop_id})",
};

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, message };
}

export function installErrorHandling(app: FastifyInstance, config: AppConfig): void {
  app.setErrorHandler((error: FastifyError | LijnwijzerError, request, reply) => {
    if (error instanceof LijnwijzerError) {
      const hint = NOT_FOUND_HINTS[error.code];
      return send(reply, error.status, hint ? `${error.message}: ${hint}` : error.message);
    }
    if (error.validation) {
      return send(reply, 400, validationMessage(error, request));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, status, error.message);
    request.log.error({ err: error }, "request failed");
    return send(reply, 500, INTERNAL_ERROR_MESSAGE);
  });

  // The request target and Host as RFC 9112 (3.2, 3.2.2) wants them of a server that is no proxy; links are built
  // from them (links.ts), so a request they do not describe is refused before any route: 400 for
  // - an HTTP/1.1 request without Host (Node's own check, off in app.ts, answered an empty 400),
  // - two Host header lines (Node keeps the first; a proxy in front may have read the other),
  // - an absolute-form target (`GET http://host/path`): a request for a proxy, whose authority would start our links.
  app.addHook("onRequest", (request, reply, next) => {
    const raw = request.raw;
    if (raw.url !== undefined && raw.url.charCodeAt(0) !== 47 /* "/" */ && raw.url !== "*") {
      return send(reply, 400, "The request target is in absolute form (http://host/path): this server is no proxy; send the path, and the host in the Host header");
    }
    if (request.headers.host === undefined) {
      if (raw.httpVersion !== "1.1") return next();
      return send(reply, 400, "The request has no Host header: HTTP/1.1 requires one, e.g. Host: bus.example.org");
    }
    if (hostLines(raw.rawHeaders) > 1) return send(reply, 400, "The request has more than one Host header: send exactly one");
    next();
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const err = ROUTE_NOT_FOUND(
      `${request.method} ${shortened(path, 200)}: no such endpoint; the endpoints are listed in ${config.corePrefix}/openapi.json`,
    );
    return send(reply, err.status, err.message);
  });
}

/**
 * Fastify's `frameworkErrors` option: the router fails before any route, hook or error handler runs, and Fastify's
 * own answers have the keys error and code besides statusCode and message (and echo the whole URL).
 * - FST_ERR_BAD_URL: a `%` not followed by two hex digits, or bytes that are no UTF-8, in the path;
 * - FST_ERR_MAX_PARAM_LENGTH: a path parameter longer than `maxParamLength`. Fastify answers 414; we answer 400,
 *   like every other value that does not fit, with the limit in the message.
 */
export function frameworkErrorHandler(maxParamLength: number): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (error, request, reply) => {
    const path = request.raw.url?.split("?")[0] ?? "";
    if (error.code === "FST_ERR_BAD_URL") {
      return send(
        reply,
        400,
        `The path ${shownValue(path, 160)} holds malformed percent-encoding: write % as %25 and encode other characters as UTF-8 bytes, e.g. %C3%A9 for é`,
      );
    }
    if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
      const longest = path.split("/").reduce((a, b) => (b.length > a.length ? b : a), "");
      return send(
        reply,
        400,
        `A path segment of ${longest.length} characters is too long, at most ${maxParamLength} are allowed: ${shownValue(longest)}; split a long key list into requests of at most ${MAX_LIST_KEYS} keys`,
      );
    }
    request.log.error({ err: error }, "request failed in the router");
    return send(reply, 500, INTERNAL_ERROR_MESSAGE);
  };
}

/** What Node's HTTP parser means by its error codes, for the ones a client can fix. */
const PARSER_ERRORS: Record<string, string> = {
  HPE_INVALID_HEADER_TOKEN: "a header name or value holds a character HTTP does not allow",
  HPE_INVALID_URL: "the path holds a character HTTP does not allow: percent-encode spaces, control characters and non-ASCII text",
  HPE_INVALID_METHOD: "the method is no HTTP method",
  HPE_INVALID_VERSION: "the request line does not end in HTTP/1.1: percent-encode spaces in the path",
  HPE_INVALID_CONSTANT: "the request line does not end in HTTP/1.1: percent-encode spaces in the path",
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (a space in the path, a header name
 * with a space, headers over 16 KB), so no route, hook or error handler runs. Fastify's own answer is
 * `{"error":"Bad Request","message":"Client Error","statusCode":400}`: a key more than every other error here, and
 * a message that says nothing. Headers too large stay 431 and a request that did not arrive in time 408, as Node
 * answers them.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer to.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let message = `The request is no valid HTTP: ${PARSER_ERRORS[error.code ?? ""] ?? `the server could not parse it (${error.code ?? "unknown error"})`}`;
  if (error.code === "HPE_HEADER_OVERFLOW") {
    status = 431;
    message = "The request's headers are too large (more than 16 KB together): send fewer or shorter headers";
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    message = "The request did not arrive in time: send it again";
  }
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function send(reply: FastifyReply, status: number, message: string): FastifyReply {
  // A 304/ETag set for a successful answer must not stick to an error.
  reply.removeHeader("etag");
  return reply.code(status).type("application/json; charset=utf-8").send(errorBody(status, message));
}

/** "<param> "<value>" is invalid: <hint>", from the first schema error of a params/querystring validation. */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const first = error.validation?.[0];
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? "request";
  if (!first) return BAD_PARAMETER(error.message).message;
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const name = missing ?? first.instancePath.replace(/^\//, "").split("/")[0];
  const hint = name ? paramHint(name) : undefined;
  if (missing) return `${context === "querystring" ? "query parameter" : "parameter"} ${name} is missing${hint ? `: ${hint}` : ""}`;
  const source = context === "params" ? request.params : context === "querystring" ? request.query : undefined;
  const value = source && name ? (source as Record<string, unknown>)[name] : undefined;
  if (hint) return invalidValueMessage(name, value === undefined ? undefined : String(value));
  const shown = value === undefined ? "" : ` ${shownValue(String(value))}`;
  return `${name || context}${shown} ${first.message ?? "is invalid"}`;
}

/** `<name> "<value>" is invalid: <hint>`: the message of a value that does not fit its parameter's form. */
export function invalidValueMessage(name: string, value: string | undefined): string {
  const hint = paramHint(name);
  const shown = value === undefined ? "" : ` ${shownValue(value)}`;
  return hint ? `${name}${shown} is invalid: ${hint}` : `${name}${shown} is invalid`;
}

/** How many header lines are named Host (rawHeaders alternates names and values, as sent). */
export function hostLines(rawHeaders: string[]): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name.length === 4 && name.toLowerCase() === "host") n++;
  }
  return n;
}
