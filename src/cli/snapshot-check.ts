/**
 * A loaded snapshot checked before it is served in place of another (hot swap, docs/COMPATIBILITY.md O17). loadSnapshot already
 * refuses a file that is no snapshot, of another format version, with a damaged header or truncated columns; the
 * snapshot holds no checksum, so damage inside a column goes unseen there. This check reads the columns queries
 * follow from one row to another (every list's offsets, and every index into another table): damage there makes
 * queries read past their tables and answer 500s, or worse, loop. O(rows of the indexes), no stop times: about
 * 40 ms for New York's 300,000 trips. Damage in plain values (a time, a coordinate) stays unseen; it makes wrong
 * answers, not failing ones.
 */
import type { Network } from "../network/model.js";
import { PackedStrings } from "../network/packed-strings.js";
import { CliError } from "./cli-error.js";

type Column = ArrayLike<number>;

export function checkNetwork(net: Network, path: string): void {
  const fail = (what: string) => {
    throw new CliError(`snapshot ${path} is damaged: ${what}; make it again with \`lijnwijzer import\``);
  };
  const { stops, lines, lineDirections, patterns, trips, stopTimes, services, strings, meta } = net;
  const counts = { stops: stops.count, lines: lines.count, patterns: patterns.count, trips: trips.count, services: services.count };
  for (const [name, n] of Object.entries(counts)) if (!Number.isInteger(n) || n < 0) fail(`${name}.count is ${n}`);

  /** A list's offsets: `length` entries, from 0, never decreasing, ending at the length of the list. */
  const offsets = (name: string, column: Column, length: number, end: number) => {
    if (column.length !== length) return fail(`${name} has ${column.length} entries, not ${length}`);
    if (length === 0) return;
    if (column[0] !== 0) fail(`${name} does not start at 0`);
    for (let i = 1; i < length; i++) if (column[i] < column[i - 1]) return fail(`${name} decreases at ${i}`);
    if (column[length - 1] !== end) fail(`${name} ends at ${column[length - 1]}, not at ${end}`);
  };
  /** Every value an index below `bound` (or `none`, the column's "no value"). */
  const indexes = (name: string, column: Column, bound: number, none?: number) => {
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      if (v >= bound && v !== none) return fail(`${name}[${i}] is ${v}, beyond the ${bound} it indexes`);
    }
  };
  const perRow = (name: string, column: Column, rows: number) => {
    if (column.length !== rows) fail(`${name} has ${column.length} entries, not ${rows}`);
  };

  if (strings instanceof PackedStrings) offsets("strings offsets", strings.offsets, strings.count + 1, strings.bytes.length);
  for (const [name, column] of [
    ["stops.number", stops.number],
    ["stops.name", stops.name],
    ["stops.longName", stops.longName],
    ["stops.gtfsId", stops.gtfsId],
    ["lines.number", lines.number],
    ["lines.publicNumber", lines.publicNumber],
    ["lines.description", lines.description],
    ["lineDirections.destination", lineDirections.destination],
    ["lineDirections.description", lineDirections.description],
    ["trips.number", trips.number],
    ["trips.gtfsId", trips.gtfsId],
    ["trips.headsign", trips.headsign],
  ] as const) {
    indexes(name, column, strings.count);
  }

  perRow("stops.entity", stops.entity, stops.count);
  indexes("stops.entity", stops.entity, meta.entities.length);
  offsets("stops.patternStart", stops.patternStart, stops.count + 1, stops.patternRefs.length);
  indexes("stops.patternRefs", stops.patternRefs, patterns.count);
  perRow("stops.patternPositions", stops.patternPositions, stops.patternRefs.length);
  offsets("stops.footpathStart", stops.footpathStart, stops.count + 1, stops.footpathTo.length);
  indexes("stops.footpathTo", stops.footpathTo, stops.count);

  perRow("lines.entity", lines.entity, lines.count);
  indexes("lines.entity", lines.entity, meta.entities.length);

  offsets("lineDirections.patternStart", lineDirections.patternStart, lines.count * 2 + 1, lineDirections.patterns.length);
  indexes("lineDirections.patterns", lineDirections.patterns, patterns.count);

  perRow("patterns.line", patterns.line, patterns.count);
  indexes("patterns.line", patterns.line, lines.count);
  offsets("patterns.stopStart", patterns.stopStart, patterns.count + 1, patterns.stops.length);
  indexes("patterns.stops", patterns.stops, stops.count);
  offsets("patterns.tripStart", patterns.tripStart, patterns.count + 1, trips.count);

  perRow("trips.pattern", trips.pattern, trips.count);
  indexes("trips.pattern", trips.pattern, patterns.count);
  indexes("trips.service", trips.service, services.count);
  // A trip has one stop time per stop of its pattern, from stopTimeStart.
  for (let t = 0; t < trips.count; t++) {
    const p = trips.pattern[t];
    const end = trips.stopTimeStart[t] + (patterns.stopStart[p + 1] - patterns.stopStart[p]);
    if (end > stopTimes.count) fail(`trip ${t}'s stop times end at ${end}, beyond the ${stopTimes.count} stop times`);
  }
  offsets("trips.noteStart", trips.noteStart, trips.count + 1, trips.noteRefs.length);
  // Staying on board and transfer rules: a trip (rule) index or -1, which an Int32Array column reads as below any
  // bound. A column missing (a file of an unreleased layout with this format version) is damage too.
  const rules = net.transferRules as unknown as Record<string, unknown> | undefined;
  for (const name of ["seatNext", "seatPrev", "seatMay", "blockRow", "blockTrips", "blockGroup", "forbiddenFrom", "forbiddenTo", "ruleByTripStart", "ruleByTrip", "ruleGeneral", "tripRoute", "touchFrom", "touchTo", "ruleFromStop", "ruleToStop", "ruleFromRoute", "ruleToRoute", "ruleFromTrip", "ruleToTrip", "ruleType", "ruleSeconds"]) {
    if (!ArrayBuffer.isView(rules?.[name])) fail(`transferRules.${name} is missing`);
  }
  for (const name of ["seatNext", "seatPrev", "blockRow"] as const) {
    perRow(`transferRules.${name}`, net.transferRules[name], trips.count);
    indexes(`transferRules.${name}`, net.transferRules[name], name === "blockRow" ? net.transferRules.blockTrips.length : trips.count);
  }
  perRow("transferRules.seatMay", net.transferRules.seatMay, trips.count);
  indexes("transferRules.blockTrips", net.transferRules.blockTrips, trips.count);
  perRow("transferRules.blockGroup", net.transferRules.blockGroup, net.transferRules.blockTrips.length);
  perRow("transferRules.forbiddenTo", net.transferRules.forbiddenTo, net.transferRules.forbiddenFrom.length);
  offsets("transferRules.ruleByTripStart", net.transferRules.ruleByTripStart, trips.count + 1, net.transferRules.ruleByTrip.length);
  indexes("transferRules.ruleByTrip", net.transferRules.ruleByTrip, net.transferRules.ruleCount);
  indexes("transferRules.ruleGeneral", net.transferRules.ruleGeneral, net.transferRules.ruleCount);
  if (services.days.length !== services.count * meta.wordsPerService) {
    fail(`services.days has ${services.days.length} words, not ${services.count} services x ${meta.wordsPerService}`);
  }
}
