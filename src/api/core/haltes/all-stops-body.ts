/**
 * E6, all stops, is large (about 17 MB for 30,000 stops): its body is built once per network, family, day and
 * link origin, and kept as JSON, gzip and (on first demand) brotli buffers with an ETag, so that serving it is
 * a buffer write. The bodies of a swapped-out network go with it (derived-index.ts); per network a few bodies are kept,
 * least recently used first out, which also bounds what arbitrary Host headers can make us store.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { derivedIndex } from "../../../network/derived-index.js";
import type { Network, ServiceDate } from "../../../network/model.js";
import { allStopsValidOn } from "../../../network/queries/stops-valid-on.js";
import { formatDateAsDateTime } from "../../shared/dates.js";
import { halteView } from "./halte-view.js";
import { Linker } from "../../shared/links.js";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);


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
const cache = derivedIndex("the all-stops body per origin and day: JSON, gzip, brotli (last 6)", () => new Map<string, Promise<PrecomputedBody>>());

export interface AllStopsRequest {
  /** Origin + family prefix, e.g. "http://localhost:8080/DLKernOpenData/api/v1". */
  base: string;
  origin: string;
  date: ServiceDate;
}

export function allStopsBody(net: Network, req: AllStopsRequest): Promise<PrecomputedBody> {
  const bodies = cache(net);
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
