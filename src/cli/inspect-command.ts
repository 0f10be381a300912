import { statSync } from "node:fs";
import { formatServiceDate } from "../lib/service-date.js";
import { SERVICE_TYPES, TRANSPORT_TYPES } from "../network/model.js";
import { networkCounts } from "./import-command.js";
import { keyHistoryMapping, lineMapping, stopMapping } from "./key-mapping.js";
import { openSnapshot } from "./open-snapshot.js";
import { formatBytes } from "./peak-memory.js";
import { validityWarning } from "./validity-warning.js";
import { warningLines } from "./warning-lines.js";

export interface InspectOptions {
  /** Print the stops' GTFS ids and keys instead, those containing this text ("" for all). */
  stops?: string;
  /** Print the lines' GTFS ids and keys instead, those containing this text ("" for all). */
  lines?: string;
  /** Print the key history instead, the keys whose GTFS id, key or resource contains this text ("" for all). */
  keyHistory?: string;
}

/**
 * `lijnwijzer inspect <file>`: counts, validity, entities, the largest lines and the import's
 * warnings of a snapshot; with `--stops`/`--lines` the mapping from GTFS ids to API keys, with `--key-history`
 * every key the network's imports gave and when.
 */
export function inspectSnapshot(path: string, log: (line: string) => void = console.log, options: InspectOptions = {}): void {
  const started = performance.now();
  const net = openSnapshot(path);
  const loadMs = performance.now() - started;
  if (options.stops !== undefined || options.lines !== undefined || options.keyHistory !== undefined) {
    if (options.stops !== undefined) for (const line of stopMapping(net, options.stops)) log(line);
    if (options.lines !== undefined) for (const line of lineMapping(net, options.lines)) log(line);
    if (options.keyHistory !== undefined) for (const line of keyHistoryMapping(net, options.keyHistory)) log(line);
    return;
  }
  const m = net.meta;
  const s = net.strings;
  log(`snapshot ${path}: ${formatBytes(statSync(path).size)}, format ${m.formatVersion}, written ${m.createdAt}, loaded in ${loadMs.toFixed(0)} ms`);
  log(`time zone ${m.timezone}; valid ${formatServiceDate(m.validFrom)} .. ${formatServiceDate(m.validTo)}`);
  for (const message of validityWarning(net).messages) log(`lijnwijzer inspect: warning: ${message}`);
  for (const f of m.feeds) log(`feed ${f.source} (${f.profile})${f.publisher ? `, ${f.publisher}` : ""}${f.version ? ` ${f.version}` : ""}`);
  for (const line of networkCounts(net)) log(line);
  log("entities:");
  for (const e of m.entities) log(`  ${e.number.padStart(3)} ${e.code.padEnd(10)} ${e.name}`);
  const tripsPerLine = new Uint32Array(net.lines.count);
  for (let p = 0; p < net.patterns.count; p++) {
    tripsPerLine[net.patterns.line[p]] += net.patterns.tripStart[p + 1] - net.patterns.tripStart[p];
  }
  const largest = [...tripsPerLine.keys()].sort((a, b) => tripsPerLine[b] - tripsPerLine[a]).slice(0, 10);
  log("largest lines (trips):");
  for (const l of largest) {
    const e = m.entities[net.lines.entity[l]].number;
    log(
      `  ${e}/${s.get(net.lines.number[l])} "${s.get(net.lines.publicNumber[l])}" ${s.get(net.lines.description[l])} ` +
        `[${TRANSPORT_TYPES[net.lines.transportType[l]]}, ${SERVICE_TYPES[net.lines.serviceType[l]]}, gtfs ${s.get(net.lines.gtfsId[l])}]: ${tripsPerLine[l]}`,
    );
  }
  for (const line of warningLines(m.warnings, "warnings at import")) log(line);
}
