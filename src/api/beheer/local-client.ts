/**
 * Who may read the service's internals (/metrics; the details of /health and /ready): a client on this machine.
 * Without TRUST_PROXY that is a loopback address on the socket and no header a proxy adds (nginx on the same machine
 * connects from loopback too, and marks what it forwards); with TRUST_PROXY, the client address the proxy reports
 * (Fastify's request.ip) must be loopback.
 */
import type { FastifyRequest } from "fastify";

/** Headers a proxy adds (nginx's documented configurations set X-Real-IP alone as often as X-Forwarded-For). */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "via"] as const;

export function isLocalClient(request: FastifyRequest, trustProxy: boolean): boolean {
  if (trustProxy) return isLoopback(request.ip);
  for (const h of PROXY_HEADERS) if (request.headers[h] !== undefined) return false;
  return isLoopback(request.socket.remoteAddress);
}

/** A local client, or one with a known subscription key (checked here: these routes have no key check of their own). */
export function mayReadInternals(request: FastifyRequest, trustProxy: boolean): boolean {
  return isLocalClient(request, trustProxy) || request.server.keyOf(request) !== undefined;
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
