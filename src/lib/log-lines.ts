/**
 * Log lines for people: each of pino's JSON lines (Fastify's, the cluster primary's) as one readable line, time,
 * level, process, message, then the other fields as key=value; a request's lines as `GET /path 200 3.1 ms`. Used when
 * LOG_FORMAT is `pretty`, or `auto` (the default) and stdout is a terminal; JSON stays the format for log collectors.
 */
const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** Fields the line shows in its own places, or leaves out (hostname, the request id: in JSON for those who need them). */
const SHOWN_APART = new Set(["level", "time", "pid", "hostname", "msg", "role", "req", "res", "responseTime", "reqId"]);

/** Whether lines are to be readable: `pretty`, or `auto` with the stream a terminal. */
export function readableLogs(format: "auto" | "json" | "pretty", stream: { isTTY?: boolean } = process.stdout): boolean {
  return format === "pretty" || (format === "auto" && stream.isTTY === true);
}

/** One JSON log line as a readable one; a line that is no JSON object is given back as it is. */
export function readableLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
    if (o === null || typeof o !== "object") return json.trimEnd();
  } catch {
    return json.trimEnd();
  }
  const time = typeof o.time === "number" ? new Date(o.time).toTimeString().slice(0, 8) : "";
  const level = (LEVEL_NAMES[o.level as number] ?? String(o.level ?? "")).padEnd(5);
  const who = o.role === "primary" ? "primary" : `pid ${o.pid}`;
  const req = o.req as { method?: string; url?: string } | undefined;
  const res = o.res as { statusCode?: number } | undefined;
  const request = req?.method ? `${req.method} ${req.url} ` : "";
  const status = res?.statusCode !== undefined ? `${res.statusCode} ${typeof o.responseTime === "number" ? `${o.responseTime.toFixed(1)} ms ` : ""}` : "";
  const rest = Object.entries(o)
    .filter(([k, v]) => !SHOWN_APART.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === "string" ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v)}`);
  return `${time} ${level} [${who}] ${request}${status}${o.msg ?? ""}${rest.length ? `  ${rest.join(" ")}` : ""}`;
}

/** A stream for pino (`write(line)`) that writes each line readable to `out`. */
export function readableStream(out: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split("\n")) if (line !== "") out.write(`${readableLine(line)}\n`);
    },
  };
}
