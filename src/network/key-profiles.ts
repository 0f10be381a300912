/**
 * Key profiles: how GTFS ids become the API's keys (entiteitnummer, lijnnummer, haltenummer) and
 * the public line numbers. docs/DATASET_EXTENSIONS.md describes both profiles in full; keep it in
 * step with the code here and in compile-entities.ts, compile-stops.ts and compile-lines.ts.
 *
 * - `delijn`: the operator's conventions: agency_id is the entity number, stop_id the 6-digit
 *   stop number whose first digit is the entity, route_id starts with the entity digit and the
 *   3-digit line number.
 * - `generic`: any feed. Agencies are numbered as entities after those already taken; a route
 *   keeps a numeric route_short_name as its line number where no other route of its entity has
 *   it, the others follow from the next hundred (genericLineNumbers); a route without a short
 *   name gets a public number from its long name or id (genericPublicNumbers); stops get stable
 *   numbers (stableNumbers). The same feed always gives the same keys.
 */

/** Natural order: "B2" < "B10"; plain numbers by value. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "variant" });

const DIGITS = /^\d+$/;

/** The largest number the API's keys take (params.schemas.ts: 1 to 9 digits). */
const MAX_KEY_NUMBER = 999_999_999;

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

/** What the generic profile reads of a route to number it. */
export interface GenericRoute {
  routeId: string;
  shortName: string;
  longName: string;
  sortOrder: number | undefined;
}

/** The generic profile's route order: route_sort_order (absent last), then route_id naturally. */
export function compareGenericRoutes(a: GenericRoute, b: GenericRoute): number {
  return (a.sortOrder ?? Infinity) - (b.sortOrder ?? Infinity) || naturalCompare(a.routeId, b.routeId);
}

/**
 * Line numbers (lijnnummer) for the routes of one entity, routes without trips included so that
 * numbers do not move when a route starts running:
 * - a route whose route_short_name is a plain number keeps that number (without leading zeros)
 *   when no other route of the entity has the same number;
 * - the others are numbered 1, 2, 3... in route order when no route kept its number, else from
 *   the first hundred above the highest kept number (kept 1-7: 101, 102...), so that an assigned
 *   number never sits among, or passes for, the numbers on the vehicles. (Should that pass the
 *   9-digit limit of the keys, they fill the free numbers from 1 instead.)
 */
export function genericLineNumbers(routes: readonly GenericRoute[]): Map<string, string> {
  const byNumber = new Map<string, number>();
  for (const r of routes) {
    if (isPlainNumber(r.shortName)) {
      const n = String(Number(r.shortName));
      byNumber.set(n, (byNumber.get(n) ?? 0) + 1);
    }
  }
  const out = new Map<string, string>();
  let highest = 0;
  for (const r of routes) {
    const n = isPlainNumber(r.shortName) ? String(Number(r.shortName)) : undefined;
    if (n !== undefined && byNumber.get(n) === 1) {
      out.set(r.routeId, n);
      highest = Math.max(highest, Number(n));
    }
  }
  const rest = [...routes].sort(compareGenericRoutes).filter((r) => !out.has(r.routeId));
  let next = out.size === 0 ? 1 : (Math.floor(highest / 100) + 1) * 100 + 1;
  // A kept number near the 9-digit limit of the API's keys: fill the gaps from 1 instead.
  if (next + rest.length - 1 > MAX_KEY_NUMBER) next = 1;
  const kept = new Set(out.values());
  for (const r of rest) {
    while (kept.has(String(next))) next++;
    out.set(r.routeId, String(next++));
  }
  return out;
}

/**
 * Public line numbers (lijnnummerPubliek) for the routes of one feed: route_short_name when it
 * has one. A route without one takes, in route order, the first of these that is not empty, not a
 * plain number (it would pass for a numbered line, of this feed or another) and not yet taken by
 * a short name or an earlier route of the feed (case-insensitively):
 * 1. the initials of route_long_name, when two characters or more ("Babylon Branch" -> "BB";
 *    a word's leading digits count whole: "Route 66 Express" -> "R66E", "42nd Street" -> "42S");
 * 2. route_long_name itself (a one-word name such as "Harlem", or initials already taken);
 * 3. route_id;
 * 4. route_long_name + " (" + route_id + ")", or "R" + route_id without a long name, with
 *    "-2", "-3"... appended while taken.
 */
export function genericPublicNumbers(routes: readonly GenericRoute[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(routes.filter((r) => r.shortName).map((r) => r.shortName.toUpperCase()));
  const free = (c: string) => c !== "" && !DIGITS.test(c) && !taken.has(c.toUpperCase());
  for (const r of [...routes].sort(compareGenericRoutes)) {
    if (r.shortName) {
      out.set(r.routeId, r.shortName);
      continue;
    }
    const initials = initialsOf(r.longName);
    const last = r.longName ? `${r.longName} (${r.routeId})` : `R${r.routeId}`;
    let chosen = [initials.length >= 2 ? initials : "", r.longName, r.routeId].find(free);
    if (chosen === undefined) {
      chosen = last;
      for (let k = 2; !free(chosen); k++) chosen = `${last}-${k}`;
    }
    taken.add(chosen.toUpperCase());
    out.set(r.routeId, chosen);
  }
  return out;
}

/** "Babylon Branch" -> "BB", "Kessel-Lo - Heverlee" -> "KLH", "42nd St Shuttle" -> "42SS". */
export function initialsOf(name: string): string {
  return (name.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => /^\p{N}+/u.exec(w)?.[0] ?? w[0].toUpperCase()).join("");
}
