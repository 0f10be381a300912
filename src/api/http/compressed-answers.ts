/**
 * Large answers kept compressed (docs/COMPATIBILITY.md O20; E5 for a client that accepts gzip, docs/BENCHMARKS.md
 * "E5 with gzip"): a timetable of ten stops is about
 * 550 KB of JSON on New York's network, and compressing it costs several times building it (the stop days are
 * kept rendered, dienstregelingen.ts). Dashboards ask the same URLs again and again, so the compressed bytes of a
 * large answer are kept per URL and encoding and sent again while the answer is the same.
 *
 * "The same" is checked, not assumed: the route still builds its answer, and the kept encoding is sent only when
 * the new answer is byte for byte the one it was made from (a memcmp, tens of microseconds for 550 KB), so
 * nothing the answer depends on (the network served, the day, the Host of the links, real-time) needs naming in
 * a key: a different answer is compressed and replaces the kept one. An answer is kept from its URL's second ask
 * on (SEEN_URLS); at most MAX_BYTES of answers and their encodings are kept, least recently used first out.
 *
 * Only GET answers of 200 with a JSON body of at least MIN_BYTES, to a client accepting br or gzip, and not
 * encoded by their route already (E6's all-stops-body.ts); the rest is left to @fastify/compress. The encodings
 * use the plugin's levels (gzip 6, brotli 4), so that a miss costs what the plugin would have.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyPluginCallback, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Doorkeeper } from "../../lib/doorkeeper.js";
import { chooseEncoding } from "./content-encoding.js";

/** Smaller answers compress in well under a millisecond: not worth keeping. */
export const MIN_BYTES = 16 * 1024;
/** Room for a hundred 550 KB answers with their gzip. */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * URLs (with their encoding) asked once lately: an answer is kept on its URL's second ask, so that answers asked
 * once (lists of random stops: a client trying its luck, or an attack) do not push out those asked again
 * (src/lib/doorkeeper.ts, as the stop-day caches; docs/BENCHMARKS.md "Where the costly lists' memory went").
 */
const SEEN_URLS = 1024;

interface Kept {
  answer: string | Buffer;
  encoded: Buffer;
  bytes: number;
}

export interface CompressedAnswersStats {
  hits: number;
  misses: number;
  keptBytes: number;
}

const compressedAnswers: FastifyPluginCallback<{ stats?: CompressedAnswersStats }> = (app, opts, done) => {
  const kept = new Map<string, Kept>();
  const door = new Doorkeeper<string>(SEEN_URLS);
  const stats = opts.stats ?? { hits: 0, misses: 0, keptBytes: 0 };
  const onSend: onSendHookHandler = (request, reply, payload, next) => {
    if (request.method !== "GET" || reply.statusCode !== 200) return next(null, payload);
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return next(null, payload);
    const size = typeof payload === "string" ? payload.length : payload.byteLength;
    if (size < MIN_BYTES) return next(null, payload);
    if (reply.getHeader("content-encoding") !== undefined || request.headers["x-no-compression"] !== undefined) return next(null, payload);
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("application/json")) return next(null, payload);
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (encoding === "identity") return next(null, payload);

    const key = `${encoding} ${request.url}`;
    let entry = kept.get(key);
    if (entry !== undefined && sameAnswer(entry.answer, payload)) {
      stats.hits++;
      // Most recently used last.
      kept.delete(key);
      kept.set(key, entry);
    } else {
      stats.misses++;
      const bytes = typeof payload === "string" ? Buffer.from(payload) : payload;
      const encoded =
        encoding === "gzip"
          ? gzipSync(bytes, { level: 6 })
          : brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      const keep = entry !== undefined || door.admit(key);
      if (entry !== undefined) {
        kept.delete(key);
        stats.keptBytes -= entry.bytes;
      }
      entry = { answer: payload, encoded, bytes: bytes.byteLength + encoded.byteLength };
      if (keep) {
        kept.set(key, entry);
        stats.keptBytes += entry.bytes;
        for (const [oldest, e] of kept) {
          if (stats.keptBytes <= MAX_BYTES) break;
          kept.delete(oldest);
          stats.keptBytes -= e.bytes;
        }
      }
    }
    const vary = reply.getHeader("vary");
    if (vary === undefined) reply.header("vary", "Accept-Encoding");
    else if (!/accept-encoding/i.test(String(vary))) reply.header("vary", `${String(vary)}, Accept-Encoding`);
    reply.header("content-encoding", encoding);
    reply.header("content-length", entry.encoded.byteLength);
    next(null, entry.encoded);
  };
  app.addHook("onSend", onSend);
  done();
};

function sameAnswer(a: string | Buffer, b: string | Buffer): boolean {
  if (typeof a === "string" || typeof b === "string") return typeof a === "string" && typeof b === "string" && a === b;
  return a.byteLength === b.byteLength && a.equals(b);
}

/** The plugin, named; register it before @fastify/compress, whose onSend then finds the answer encoded. */
export const compressedAnswersPlugin = fp(compressedAnswers, { name: "lijnwijzer-compressed-answers", fastify: "5.x" });
