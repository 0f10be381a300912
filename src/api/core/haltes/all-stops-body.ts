/**
 * E6, all stops, is large (about 17 MB for 30,000 stops): its body is built once per network, family, day and
 * link origin, and kept as JSON, gzip and (on first demand) brotli buffers with an ETag, so that serving it is
 * a buffer write. The bodies of a swapped-out network go with it (WeakMap); per network a few bodies are kept,
 * least recently used first out, which also bounds what arbitrary Host headers can make us store.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Network, ServiceDate } from "../../../network/model.js";
import { allStopsValidOn } from "../../../network/queries/stops-valid-on.js";
import { formatDateAsDateTime } from "../../shared/dates.js";
import { halteView } from "./halte-view.js";
import { Linker } from "../../shared/links.js";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = "br" | "gzip" | "identity";

export interface PrecomputedBody {
  readonly json: Buffer;
  readonly gzip: Buffer;
  /** Built on first request for brotli. */
  brotli(): Promise<Buffer>;
  /** Strong validator of the JSON; each encoding's ETag adds a suffix. */
  readonly hash: string;
}

/** Bodies kept per network: a couple of days x two families x one or two origins. */
const BODIES_PER_NETWORK = 6;
const cache = new WeakMap<Network, Map<string, Promise<PrecomputedBody>>>();

export interface AllStopsRequest {
  /** Origin + family prefix, e.g. "http://localhost:8080/DLKernOpenData/api/v1". */
  base: string;
  origin: string;
  date: ServiceDate;
}

export function allStopsBody(net: Network, req: AllStopsRequest): Promise<PrecomputedBody> {
  let bodies = cache.get(net);
  if (!bodies) {
    bodies = new Map();
    cache.set(net, bodies);
  }
  const key = `${req.base}|${req.date}`;
  let body = bodies.get(key);
  if (body) {
    // Refresh its place in the LRU order.
    bodies.delete(key);
    bodies.set(key, body);
    return body;
  }
  body = buildBody(net, req);
  body.catch(() => bodies.delete(key));
  if (bodies.size >= BODIES_PER_NETWORK) bodies.delete(bodies.keys().next().value as string);
  bodies.set(key, body);
  return body;
}

async function buildBody(net: Network, req: AllStopsRequest): Promise<PrecomputedBody> {
  const L = new Linker(req.origin, req.base);
  const haltes = allStopsValidOn(net, req.date).map((s) => halteView(net, s, L));
  // The self link names the day the body is valid for, so that it fetches this very body again.
  const links = [L.link("self", `/haltes?geldigOp=${formatDateAsDateTime(req.date)}`)];
  const json = Buffer.from(JSON.stringify({ haltes, links }));
  const hash = createHash("sha1").update(json).digest("base64url");
  // Level 9: 9 % smaller than the default level 6 on the demo network, for 45 ms more once a day.
  const gz = await gzipAsync(json, { level: 9, memLevel: 9 });
  let br: Promise<Buffer> | undefined;
  return {
    json,
    gzip: gz,
    hash,
    // Quality 5: within a few percent of the best size at a tenth of the time of quality 11.
    brotli: () =>
      (br ??= brotliAsync(json, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
      })),
  };
}

/** The encoding to answer with, by the q-values of Accept-Encoding; brotli wins a tie (it is smaller). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br = 0;
  let gz = 0;
  let star: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    let q = 1;
    for (const p of params) {
      const m = /^\s*q=([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gz = q;
    else if (name === "*") star = q;
  }
  if (star !== undefined) {
    if (!/\bbr\b/i.test(acceptEncoding)) br = star;
    if (!/\bgzip\b/i.test(acceptEncoding)) gz = star;
  }
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

/** The ETag of one encoding of a body. */
export function etagOf(hash: string, encoding: Encoding): string {
  return encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding === "br" ? "br" : "gz"}"`;
}

/** Whether If-None-Match names this body (any encoding of it, weak or strong, or "*"). */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  for (const raw of header.split(",")) {
    const tag = raw.trim().replace(/^W\//, "");
    if (tag === "*") return true;
    const inner = tag.replace(/^"|"$/g, "");
    if (inner === hash || inner === `${hash}-gz` || inner === `${hash}-br`) return true;
  }
  return false;
}
