/**
 * Content coding and validators of precomputed bodies (RFC 9110 12.5.3 Accept-Encoding, 8.8.3 ETag, 13.1.2
 * If-None-Match): the large answers compressed once (compressed-answers.ts, E6's body of all stops).
 */

/**
 * Answers smaller than this go out as they are (@fastify/compress's threshold, set in app.ts): compressing a few
 * hundred bytes saves less than it costs. The lane of answers already rendered serves only such answers
 * (rendered-lane.ts), which no Accept-Encoding changes.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = "br" | "gzip" | "identity";

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
