/**
 * What the fuzzer expects of every answer: 200 or a 4xx, with a JSON body (decoded when compressed); an error's
 * body exactly `{statusCode, message}` with the answer's status, as the operator's gateway answers. Anything else
 * is a finding: a 5xx, another status, no answer at all (the connection closed), no answer in time (a hang), a body
 * that is not JSON or an error of another shape.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { RawResult } from "./raw-http-client.js";

export type FindingKind = "5xx" | "hang" | "no answer" | "unexpected status" | "not JSON" | "error shape";

export interface Judgement {
  /** The status, or what happened instead. */
  outcome: number | "timeout" | "no answer";
  finding?: { kind: FindingKind; detail: string };
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      return body;
  }
}

export function judgeAnswer(result: RawResult): Judgement {
  if (result.kind === "timeout") return { outcome: "timeout", finding: { kind: "hang", detail: "no answer within the timeout" } };
  if (result.kind === "no-answer") return { outcome: "no answer", finding: { kind: "no answer", detail: `${result.reason}: ${result.partial}` } };
  const { status, headers } = result;
  let text: string;
  try {
    text = decoded(result.body, headers["content-encoding"]).toString("utf8");
  } catch (err) {
    return { outcome: status, finding: { kind: "not JSON", detail: `body does not decode as ${headers["content-encoding"]}: ${(err as Error).message}` } };
  }
  const snippet = text.slice(0, 300);
  if (status >= 500) return { outcome: status, finding: { kind: "5xx", detail: snippet } };
  if (status !== 200 && (status < 400 || status > 499)) return { outcome: status, finding: { kind: "unexpected status", detail: snippet } };
  const type = headers["content-type"] ?? "";
  if (!type.startsWith("application/json")) return { outcome: status, finding: { kind: "not JSON", detail: `content-type "${type}": ${snippet}` } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { outcome: status, finding: { kind: "not JSON", detail: snippet } };
  }
  if (status === 200) return { outcome: status };
  const keys = body !== null && typeof body === "object" ? Object.keys(body).join(",") : typeof body;
  const statusCode = (body as { statusCode?: unknown } | null)?.statusCode;
  const message = (body as { message?: unknown } | null)?.message;
  if (keys !== "statusCode,message" || statusCode !== status || typeof message !== "string" || message === "") {
    return { outcome: status, finding: { kind: "error shape", detail: snippet } };
  }
  return { outcome: status };
}
