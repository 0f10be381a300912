/**
 * Request ids: every request gets one, logged with each of its log lines (pino's `reqId`) and returned in the
 * `X-Request-Id` header, so that a user's report and the server's log meet. An incoming `X-Request-Id` (set by a
 * proxy or the client) is kept when it is sane: 1 to 128 characters that need no quoting in a log or a header
 * (letters, digits and `-_.:/+=@`); anything else is replaced, so that a client cannot write control characters or
 * megabytes into the log. A new id is a random UUID: unique across workers and replicas, unlike Fastify's
 * per-process counter.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";

const SANE_ID = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/** Fastify's `genReqId`: the incoming id when sane, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  if (typeof incoming === "string" && SANE_ID.test(incoming)) return incoming;
  return randomUUID();
}
