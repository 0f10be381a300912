/**
 * The admin endpoint (ADMIN_PORT): a plain HTTP server on 127.0.0.1 only, beside the API, in the process
 * that owns the reload (one process alone, or a cluster's primary). `lijnwijzer reload` posts to it and prints
 * the outcome, so that a deployment script learns whether the new snapshot is served or was refused, which a
 * signal cannot tell it. Off unless ADMIN_PORT is set: replicas on one machine would fight over a default port.
 *
 *   POST /reload  200 {ok: true, snapshot, workers, ms} | 422 {ok: false, message, workers, ms} | 503 while stopping
 *   GET  /        200 {pid, workers, snapshot}
 *
 * Loopback is the access control: anyone who can connect to 127.0.0.1 can already signal the process. It is not
 * the API's port, so a proxy in front of the API never forwards to it. A browser on this machine can reach
 * 127.0.0.1 too, on behalf of any page it shows; so a reload must also look like no browser sent it:
 * - `Content-Type: application/json` (what `lijnwijzer reload` sends): a page cannot send it across origins without
 *   a CORS preflight, which this endpoint never grants (an OPTIONS is a 405 without CORS headers);
 * - no `Origin` header, and `Sec-Fetch-Site` absent or `none`: the marks a browser puts on a request a page made;
 * - a Host of 127.0.0.1 or localhost (with the port): a DNS name rebound to 127.0.0.1 names itself in Host.
 * Anything else is a 403 that says why. GET / (the status) asks the same of Host, Origin and Sec-Fetch-Site.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { CliError } from "./cli-error.js";
import type { ReloadResult, SnapshotIdentity } from "./snapshot-reload.js";

export const ADMIN_HOST = "127.0.0.1";

export interface AdminStatus {
  pid: number;
  workers: number;
  snapshot?: SnapshotIdentity;
}

export interface AdminServerOptions {
  port: number;
  reload(): Promise<ReloadResult>;
  status(): AdminStatus;
  /** True once the server is stopping: a reload is refused with 503. */
  stopping?: () => boolean;
}

export interface AdminServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  close(): void;
}

export async function startAdminServer(opts: AdminServerOptions): Promise<AdminServer> {
  const server = createServer((req, res) => {
    const port = (server.address() as { port: number }).port;
    void answer(opts, port, req, res).catch((err: Error) => send(res, 500, { statusCode: 500, message: `admin endpoint failed: ${err.message}` }));
  });
  // Nothing here is worth keeping a connection open for.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "EADDRINUSE"
          ? new CliError(`ADMIN_PORT ${opts.port} is in use (another program listens on ${ADMIN_HOST}:${opts.port}): choose another`)
          : err,
      ),
    );
    server.listen(opts.port, ADMIN_HOST, () => resolve());
  });
  server.unref();
  return {
    port: (server.address() as { port: number }).port,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Why a request looks like a browser's or a rebound name's (see the module comment); undefined when it does not. */
function browserMark(req: IncomingMessage, port: number): string | undefined {
  const host = req.headers.host;
  if (host !== `${ADMIN_HOST}:${port}` && host !== `localhost:${port}`) return `the Host header must be ${ADMIN_HOST}:${port} or localhost:${port}`;
  if (req.headers.origin !== undefined) return "a request with an Origin header (a web page's) is refused";
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "none") return "a request a web page made (Sec-Fetch-Site) is refused";
  return undefined;
}

async function answer(opts: AdminServerOptions, port: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume(); // no body is read
  const path = (req.url ?? "/").split("?")[0];
  const mark = browserMark(req, port);
  if (mark) return send(res, 403, { statusCode: 403, message: `${mark}: the admin endpoint answers lijnwijzer reload and curl on this machine` });
  if (path === "/reload") {
    if (req.method !== "POST") return send(res, 405, { statusCode: 405, message: "POST /reload reloads the snapshot" }, { allow: "POST" });
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") {
      return send(res, 415, { statusCode: 415, message: "POST /reload needs Content-Type: application/json (curl -X POST -H 'content-type: application/json' ...)" });
    }
    if (opts.stopping?.()) return send(res, 503, { statusCode: 503, message: "the server is stopping: no reload" });
    const result = await opts.reload();
    return send(res, result.ok ? 200 : 422, result);
  }
  if (path === "/") {
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { statusCode: 405, message: "GET / gives the status" }, { allow: "GET, HEAD" });
    return send(res, 200, opts.status());
  }
  return send(res, 404, { statusCode: 404, message: `${path}: no such admin endpoint; POST /reload reloads the snapshot, GET / gives the status` });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
