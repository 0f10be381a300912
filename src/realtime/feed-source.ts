/**
 * Where a GTFS-Realtime feed comes from: a URL polled with headers and a timeout, a file re-read when it changes,
 * or a function in process (the demo simulator). A source only fetches bytes, bounded in size and time; the feed
 * manager (feed-manager.ts) decodes them, judges them and builds the state, the same way for every kind.
 */
import { type FSWatcher, watch } from "node:fs";
import { open, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import type { Network } from "../network/model.js";
import { redactUrl } from "../lib/redact-url.js";
import type { RtFeedMessage } from "./gtfs-rt-types.js";

/** What one poll of a source gave. */
export type FeedFetch =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A message produced in process, already decoded (the manager still judges it as any other). */
  | { kind: "message"; message: RtFeedMessage }
  /** The same content as the last complete read (HTTP 304, a file whose size and time did not change). */
  | { kind: "unchanged" };

/** Why a poll gave no usable message. The manager logs a feed once per change of its fault, not once per poll. */
export type FeedFaultKind =
  | "unreachable" // no connection, DNS, connection reset
  | "timeout" // no complete answer within the timeout
  | "http_status" // an answer other than 200 or 304
  | "too_large" // more bytes than the maximum: refused, so that memory stays bounded
  | "read_error" // a file that cannot be read (missing, no permission)
  | "producer_error" // a function source threw
  | "corrupt" // bytes that are no FeedMessage (corrupt, truncated, not protobuf)
  | "older_header" // a header timestamp older than the message held: the newer one is kept
  | "future_header" // a header timestamp too far ahead of the server's clock: not believed
  | "stale_header" // a header timestamp already past the maximum age: refused
  | "build_error"; // the state could not be built from the message: the previous one is kept

export class FeedFetchError extends Error {
  constructor(
    readonly kind: FeedFaultKind,
    message: string,
  ) {
    super(message);
    this.name = "FeedFetchError";
  }
}

/** What a source may read while fetching: the network served and the moment of the poll. */
export interface FeedContext {
  network: Network;
  nowMs: number;
}

export interface FeedSource {
  /** Unique among the sources of a manager: the name /health, logs and FeedMatchStats.feed use. */
  readonly name: string;
  readonly kind: "url" | "file" | "function";
  /** Where it reads, safe to show on /health (no key): a URL without its query values, a file path. */
  readonly location: string;
  /** Milliseconds between the end of one poll and the start of the next. */
  readonly intervalMs: number;
  /** One poll. Rejects with FeedFetchError only; never takes longer than the source's timeout. */
  fetch(context: FeedContext): Promise<FeedFetch>;
  /** Calls onChange when the source may have changed before its next poll (a file written); returns the unsubscribe. */
  watch?(onChange: () => void): () => void;
}

export interface UrlFeedOptions {
  name: string;
  url: string;
  /** Request headers, e.g. a subscription key; never shown on /health or in logs. */
  headers?: Record<string, string>;
  intervalMs: number;
  timeoutMs: number;
  maxBytes: number;
}

/** Redirects followed before giving up: a CDN or a moved feed takes one or two. */
const MAX_REDIRECTS = 5;

/**
 * A feed polled over HTTP(S). It sends the ETag and Last-Modified of its last complete answer back, so a server
 * that supports them answers 304 and a large feed that did not change costs no transfer and no decode. The
 * timeout covers the whole exchange, a body that trickles in included; the size limit counts the body as
 * decompressed, so that a compressed bomb is refused like a large feed.
 *
 * Credentials stay with the feed's own origin: the configured headers (a subscription key) and the `user:password@`
 * of the URL (sent as HTTP Basic authorization, RFC 7617, since fetch refuses a URL that carries them) go only to the
 * URL's scheme, host and port. Redirects are followed by hand, at most MAX_REDIRECTS: one to another origin gets
 * neither, one from https to http is refused. The URL shows in messages, logs and /health without its user,
 * password or query values (redactUrl).
 */
export function urlFeedSource(options: UrlFeedOptions): FeedSource {
  const { timeoutMs, maxBytes } = options;
  const target = new URL(options.url);
  const credentials: Record<string, string> = { ...options.headers };
  if (target.username || target.password) {
    const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    if (!Object.keys(credentials).some((h) => h.toLowerCase() === "authorization")) {
      credentials.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
    }
    target.username = "";
    target.password = "";
  }
  const accept = { accept: "application/x-protobuf, application/octet-stream;q=0.9, */*;q=0.1" };
  const where = redactUrl(target);
  let etag: string | null = null;
  let lastModified: string | null = null;

  async function fetchFeed(): Promise<FeedFetch> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const conditional: Record<string, string> = {};
      if (etag) conditional["if-none-match"] = etag;
      if (lastModified) conditional["if-modified-since"] = lastModified;
      let current = target;
      let res: Response;
      for (let hop = 0; ; hop++) {
        const own = current.origin === target.origin ? credentials : {};
        res = await fetch(current, { headers: { ...accept, ...own, ...conditional }, signal: controller.signal, redirect: "manual" });
        if (res.status < 300 || res.status >= 400 || res.status === 304) break;
        await res.body?.cancel().catch(() => undefined);
        const location = res.headers.get("location");
        if (!location) throw new FeedFetchError("http_status", `HTTP ${res.status} redirect without a Location from ${where}`);
        if (hop === MAX_REDIRECTS) throw new FeedFetchError("http_status", `more than ${MAX_REDIRECTS} redirects from ${where}`);
        const next = new URL(location, current);
        if (next.protocol !== "http:" && next.protocol !== "https:") {
          throw new FeedFetchError("http_status", `${where} redirects to a ${next.protocol}// URL: refused`);
        }
        if (current.protocol === "https:" && next.protocol === "http:") {
          throw new FeedFetchError("http_status", `${where} redirects from https to http (${redactUrl(next)}): refused`);
        }
        current = next;
      }
      if (res.status === 304 && (etag || lastModified)) {
        await res.body?.cancel();
        return { kind: "unchanged" };
      }
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        throw new FeedFetchError("http_status", `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""} from ${where}`);
      }
      const declared = Number(res.headers.get("content-length"));
      if (!res.headers.get("content-encoding") && declared > maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw tooLarge(`${where} announces ${declared} bytes`, maxBytes);
      }
      const bytes = await readBounded(res, maxBytes, where, controller);
      etag = res.headers.get("etag");
      lastModified = res.headers.get("last-modified");
      return { kind: "bytes", bytes };
    } catch (err) {
      if (err instanceof FeedFetchError) throw err;
      if (timedOut) throw new FeedFetchError("timeout", `no complete answer from ${where} within ${timeoutMs / 1000} s`);
      throw new FeedFetchError("unreachable", `cannot reach ${where}: ${networkReason(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  return { name: options.name, kind: "url", location: where, intervalMs: options.intervalMs, fetch: fetchFeed };
}

/** Reads a body chunk by chunk and stops at maxBytes + 1, so that a feed larger than allowed is never held whole. */
async function readBounded(res: Response, maxBytes: number, where: string, controller: AbortController): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      controller.abort();
      throw tooLarge(`${where} sent more than ${maxBytes} bytes`, maxBytes);
    }
    chunks.push(value);
  }
  return concat(chunks, length);
}

export interface FileFeedOptions {
  name: string;
  path: string;
  intervalMs: number;
  maxBytes: number;
}

/**
 * A feed in a file that another program rewrites (ideally by writing a temporary file and renaming it). The file
 * is read again when its size, time or inode change, checked at every poll; a watch on its folder (a rename
 * replaces the file's inode, which a watch on the file itself would lose) polls it at once after a change.
 */
export function fileFeedSource(options: FileFeedOptions): FeedSource {
  const { path, maxBytes } = options;
  let signature = "";

  async function fetchFeed(): Promise<FeedFetch> {
    try {
      const s = await stat(path);
      const now = `${s.ino}:${s.size}:${s.mtimeMs}`;
      if (now === signature) return { kind: "unchanged" };
      if (!s.isFile()) throw new FeedFetchError("read_error", `${path} is not a file`);
      if (s.size > maxBytes) throw tooLarge(`${path} holds ${s.size} bytes`, maxBytes);
      const bytes = await readFileBounded(path, maxBytes);
      signature = now;
      return { kind: "bytes", bytes };
    } catch (err) {
      if (err instanceof FeedFetchError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      throw new FeedFetchError("read_error", code === "ENOENT" ? `${path} does not exist` : `cannot read ${path}: ${code ?? (err as Error).message}`);
    }
  }

  function watchFile(onChange: () => void): () => void {
    let watcher: FSWatcher | undefined;
    try {
      const file = basename(path);
      watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === file) onChange();
      });
      // A folder that disappears ends the watch; polling goes on.
      watcher.on("error", () => watcher?.close());
    } catch {
      // No folder to watch (yet): polling alone finds the file once it exists.
    }
    return () => watcher?.close();
  }

  return { name: options.name, kind: "file", location: path, intervalMs: options.intervalMs, fetch: fetchFeed, watch: watchFile };
}

/** Reads at most maxBytes: a file that grew between stat and read is refused, not read whole. */
async function readFileBounded(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(1 << 20, maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooLarge(`${path} grew beyond ${maxBytes} bytes while read`, maxBytes);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return concat(chunks, length);
  } finally {
    await handle.close();
  }
}

export interface FunctionFeedOptions {
  name: string;
  /** A message or its protobuf bytes, e.g. the demo simulator's feed for the network served at this moment. */
  produce: (context: FeedContext) => RtFeedMessage | Uint8Array | Promise<RtFeedMessage | Uint8Array>;
  intervalMs: number;
  maxBytes: number;
}

/**
 * A feed produced in process. Give it bytes (encodeFeedMessage) to take exactly the path of an external feed,
 * decoding included.
 */
export function functionFeedSource(options: FunctionFeedOptions): FeedSource {
  const { produce, maxBytes } = options;
  async function fetchFeed(context: FeedContext): Promise<FeedFetch> {
    let out: RtFeedMessage | Uint8Array;
    try {
      out = await produce(context);
    } catch (err) {
      throw new FeedFetchError("producer_error", `${options.name} failed: ${(err as Error).message}`);
    }
    if (!(out instanceof Uint8Array)) return { kind: "message", message: out };
    if (out.byteLength > maxBytes) throw tooLarge(`${options.name} produced ${out.byteLength} bytes`, maxBytes);
    return { kind: "bytes", bytes: out };
  }
  return { name: options.name, kind: "function", location: "(in process)", intervalMs: options.intervalMs, fetch: fetchFeed };
}

function tooLarge(what: string, maxBytes: number): FeedFetchError {
  return new FeedFetchError("too_large", `${what}, more than the maximum of ${maxBytes} (REALTIME_MAX_BYTES): refused`);
}

/** Node's fetch says "fetch failed" and hides the reason in a cause: name it (ECONNREFUSED, ENOTFOUND, ...). */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "UND_ERR_SOCKET") return "the server closed the connection";
  // A code names the reason without the URL; a message may quote the URL asked for, credentials and all.
  return cause?.code ?? "the request failed";
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
