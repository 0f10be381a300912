/**
 * Key profiles: how GTFS ids become the API's keys (entiteitnummer, lijnnummer, haltenummer).
 *
 * - `delijn`: the operator's conventions (docs/DATASET_EXTENSIONS.md): agency_id is the entity
 *   number, stop_id the 6-digit stop number whose first digit is the entity, route_id starts with
 *   the entity digit and the 3-digit line number.
 * - `generic`: any feed. Agencies are numbered as entities after those already taken; routes and
 *   stops get stable numbers: their own id when every id of the feed is a plain number (unique by
 *   GTFS rules), else their rank in id order (natural sort), so the same feed always gives the
 *   same numbers.
 */

/** Natural order: "B2" < "B10"; plain numbers by value. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "variant" });

const DIGITS = /^\d+$/;

export function isPlainNumber(s: string): boolean {
  return DIGITS.test(s) && s.length <= 9;
}

/** The delijn route_id convention: entity digit + 3-digit line number, e.g. "3302" or "3302_x". */
export function delijnLineKey(routeId: string): { entity: string; line: string } | undefined {
  const m = /^(\d)(\d{3})(?!\d)/.exec(routeId);
  if (!m) return undefined;
  return { entity: m[1], line: String(Number(m[2])) };
}

/** The delijn stop_id convention: a 6-digit stop number whose first digit is the entity. */
export function delijnStopEntity(stopId: string): string | undefined {
  return /^\d{6}$/.test(stopId) ? stopId[0] : undefined;
}

/**
 * Stable numbers for a set of ids: the ids themselves when all are plain numbers, else 1..n in
 * natural id order.
 */
export function stableNumbers(ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.every(isPlainNumber)) {
    for (const id of ids) out.set(id, String(Number(id)));
    if (out.size === new Set(ids.map((i) => String(Number(i)))).size) return out;
    out.clear();
  }
  const sorted = [...new Set(ids)].sort(naturalCompare);
  sorted.forEach((id, i) => out.set(id, String(i + 1)));
  return out;
}

/** Orders keys the way the API lists them: numbers by value, other text naturally. */
export function compareKeys(a: string, b: string): number {
  return naturalCompare(a, b);
}
