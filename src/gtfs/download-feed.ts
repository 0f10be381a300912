/**
 * Downloads a GTFS feed over HTTP(S) to a file, conditionally (RFC 9110 13.1: If-None-Match with the ETag and
 * If-Modified-Since with the Last-Modified of the copy held; a 304 means it is still current), so that checking a
 * feed that publishes once a week costs one small request per check.
 *
 * The body streams to a temporary file beside `destPath` and is renamed into place only once it is complete (its
 * Content-Length, when the server gives one, reached; never more than `maxBytes`), so a failed or interrupted
 * download never leaves a partial feed where the last good one was. A few redirects are followed (a feed's
 * permanent URL often redirects to a dated file); request headers (a subscription key) go only to the URL's own
 * origin, never to another host a redirect names, and https never falls back to http.
 *
 * Every failure is a LijnwijzerError (LW_FEED_DOWNLOAD) whose message names the URL, without its credentials or
 * query values, and what went wrong: the HTTP status, too large (and the limit), a timeout, a truncated body, a
 * refused connection.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { basename, dirname, join } from "node:path";
import { FEED_DOWNLOAD_FAILED } from "../errors.js";
import { redactUrl } from "../lib/redact-url.js";

export interface DownloadFeedOptions {
  /** Request headers, e.g. a subscription key; sent to the URL's own origin only. */
  headers?: Record<string, string>;
  /** The largest body accepted; a larger one is refused (by its Content-Length, or once that many bytes came). */
  maxBytes: number;
  /** Milliseconds the server may stay silent: to answer the request, and between two parts of the body. */
  timeoutMs: number;
  /** The ETag of the copy held: sent as If-None-Match. */
  etag?: string;
  /** The Last-Modified of the copy held: sent as If-Modified-Since. */
  lastModified?: string;
}

export type DownloadFeedResult =
  | { status: "downloaded"; bytes: number; etag?: string; lastModified?: string }
  | { status: "not-modified" };

/** Redirects followed before giving up: a CDN or a dated file takes one or two. */
const MAX_REDIRECTS = 5;

const USER_AGENT = "lijnwijzer (GTFS feed refresh)";

/** Downloads `url` to `destPath` (replaced only when a whole new body came); see the module comment. */
export async function downloadFeed(url: string, destPath: string, options: DownloadFeedOptions): Promise<DownloadFeedResult> {
  const first = parseHttpUrl(url, url);
  let current = first;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    // Headers (keys) and validators belong to the URL asked for: a redirect to another origin gets neither.
    const sameOrigin = current.origin === first.origin;
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      // The zip is compressed already: no content coding keeps the bytes counted the bytes written.
      "accept-encoding": "identity",
      ...(sameOrigin ? options.headers : {}),
    };
    if (options.etag) headers["if-none-match"] = options.etag;
    if (options.lastModified) headers["if-modified-since"] = options.lastModified;
    const timer = { timedOut: false };
    const res = await request(current, headers, options.timeoutMs, url, timer);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304) {
      res.resume();
      const location = res.headers.location;
      if (!location) throw fail(url, `HTTP ${status} redirect without a Location`);
      if (hop === MAX_REDIRECTS) throw fail(url, `more than ${MAX_REDIRECTS} redirects`);
      const next = parseHttpUrl(new URL(location, current).href, url);
      if (current.protocol === "https:" && next.protocol === "http:") throw fail(url, `a redirect from https to http (${redactUrl(next)}) is refused`);
      current = next;
      continue;
    }
    if (status === 304) {
      res.resume();
      return { status: "not-modified" };
    }
    if (status !== 200) {
      res.resume();
      throw fail(url, `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""}`);
    }
    return save(res, url, destPath, options, timer);
  }
  throw fail(url, `more than ${MAX_REDIRECTS} redirects`);
}


function fail(url: string, what: string) {
  return FEED_DOWNLOAD_FAILED(redactUrl(url), what);
}

function parseHttpUrl(value: string, original: string): URL {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw FEED_DOWNLOAD_FAILED(redactUrl(original), "it is no valid URL");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw FEED_DOWNLOAD_FAILED(redactUrl(original), `only http:// and https:// URLs are fetched, not ${u.protocol}//`);
  }
  return u;
}

/** One request; resolves with the answer's head, or rejects with what stopped it (refused, timeout, ...). */
function request(
  u: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  original: string,
  timer: { timedOut: boolean },
): Promise<http.IncomingMessage> {
  const get = u.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    // Credentials in the URL (user:password@) are sent as Basic authentication, as curl does.
    const auth = u.username || u.password ? { auth: `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` } : {};
    let answered = false;
    const req = get(u, { headers, timeout: timeoutMs, ...auth }, (res) => {
      answered = true;
      resolve(res);
    });
    // The socket's idle timeout goes on for the body: save() reads `timedOut` when the body stops short.
    req.on("timeout", () => {
      timer.timedOut = true;
      req.destroy(answered ? undefined : fail(original, `no answer within ${timeoutMs / 1000} s (timeout)`));
    });
    req.on("error", (err) => reject(err instanceof Error && err.name === "LijnwijzerError" ? err : fail(original, networkError(err))));
  });
}

/** Node's socket errors in words. */
function networkError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused (nothing listens there)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "the host name cannot be resolved";
    case "ECONNRESET":
      return "the connection was reset";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "the host cannot be reached";
    default:
      return code ? `${code}: ${(err as Error).message}` : (err as Error).message;
  }
}

/** Streams the body to a temporary file beside `destPath`, checks its length, then renames it into place. */
function save(
  res: http.IncomingMessage,
  url: string,
  destPath: string,
  options: DownloadFeedOptions,
  timer: { timedOut: boolean },
): Promise<DownloadFeedResult> {
  const lengthHeader = res.headers["content-length"];
  const expected = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const limit = `${options.maxBytes.toLocaleString("en")} bytes`;
  if (expected !== undefined && expected > options.maxBytes) {
    res.destroy();
    return Promise.reject(fail(url, `too large: ${expected.toLocaleString("en")} bytes, over the limit of ${limit}`));
  }
  // Beside the destination, so that the rename stays on one file system (and so is atomic).
  const tmp = join(dirname(destPath), `.${basename(destPath)}.${randomBytes(4).toString("hex")}.part`);
  return new Promise((resolve, reject) => {
    const out = createWriteStream(tmp);
    let bytes = 0;
    let settled = false;
    const abort = (err: Error) => {
      if (settled) return;
      settled = true;
      res.destroy();
      out.destroy();
      rmSync(tmp, { force: true });
      reject(err);
    };
    const got = () => `${bytes.toLocaleString("en")} bytes${expected === undefined ? "" : ` of ${expected.toLocaleString("en")}`}`;
    const stoppedShort = (why?: string) =>
      abort(
        timer.timedOut
          ? fail(url, `timeout: the body stalled for ${options.timeoutMs / 1000} s after ${got()}`)
          : fail(url, `truncated: the connection closed after ${got()}${why ? ` (${why})` : ""}`),
      );
    res.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.maxBytes) abort(fail(url, `too large: over the limit of ${limit}`));
    });
    res.on("error", (err) => stoppedShort(networkError(err)));
    res.on("close", () => {
      if (!res.complete) stoppedShort();
    });
    out.on("error", (err) => abort(fail(url, `cannot write ${tmp}: ${err.message}`)));
    res.pipe(out);
    out.on("finish", () => {
      if (settled) return;
      if (!res.complete || (expected !== undefined && bytes !== expected)) return stoppedShort();
      try {
        // On disk before it replaces the last good copy: a crash after the rename must not leave a hole.
        const fd = openSync(tmp, "r");
        fsyncSync(fd);
        closeSync(fd);
        renameSync(tmp, destPath);
      } catch (err) {
        return abort(fail(url, `cannot put the file in place at ${destPath}: ${(err as Error).message}`));
      }
      settled = true;
      const etag = res.headers.etag;
      const lastModified = res.headers["last-modified"];
      resolve({ status: "downloaded", bytes, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) });
    });
  });
}
