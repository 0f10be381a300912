import type { ServiceSeconds } from "../lib/service-time.js";

/**
 * Parses a GTFS time "HH:MM:SS" (also "H:MM:SS", and hours past 24: "25:10:00" = 90600) from
 * the bytes [start, end), without decoding a string. Returns -1 when it is not a time.
 */
export function parseGtfsTimeBytes(bytes: Uint8Array, start: number, end: number): ServiceSeconds {
  // hot: called twice per stop_times row
  const len = end - start;
  if (len < 7 || len > 9) return -1;
  const p = end - 6; // 1..3 hour digits, then ":MM:SS"
  let h = 0;
  for (let i = start; i < p; i++) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) return -1;
    h = h * 10 + d;
  }
  if (bytes[p] !== 58 || bytes[p + 3] !== 58) return -1;
  const m1 = bytes[p + 1] - 48;
  const m2 = bytes[p + 2] - 48;
  const s1 = bytes[p + 4] - 48;
  const s2 = bytes[p + 5] - 48;
  if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || s1 < 0 || s1 > 5 || s2 < 0 || s2 > 9) return -1;
  return h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
}

/** `parseGtfsTimeBytes` for a string (small tables); -1 when it is not a time. */
export function parseGtfsTime(text: string): ServiceSeconds {
  const bytes = Buffer.from(text, "latin1");
  return parseGtfsTimeBytes(bytes, 0, bytes.length);
}
