/**
 * The servers under test, in a process of their own so that the load generator does not share their core:
 * - `bare`: a Fastify instance with one route returning a constant, the ceiling of this machine;
 * - `lijnwijzer`: the real app on the snapshot with every production feature on: the key check with a key of a
 *   keys file (KEYS_FILE), so that each answer carries its quota headers, /metrics' counters, request ids, security
 *   and CORS headers, compression, error handling, both families. E3, asked again, is answered by the lane of
 *   answers already rendered (src/api/http/rendered-lane.ts: LOG_LEVEL is warn), with all of these.
 * Prints one JSON line {bare, lijnwijzer, loadMs, line, stops, geldigOp} with the ports and what to ask, then serves until killed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { loadConfig } from "../../src/config/load-config.js";
import { lineDirectionsOfLine } from "../../src/network/queries/line-directions-of-line.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { formatDateAsDateTime, nowIn } from "../../src/api/shared/dates.js";
import { dayNumberToServiceDate, serviceDateToDayNumber } from "../../src/lib/service-date.js";
import { emptyKeysFile, fingerprintOf, hashKey, MAX_LIMIT, writeKeysFile } from "../../src/lib/keys-file.js";

const snapshotPath = process.argv[2];
if (!snapshotPath) throw new Error("usage: server.ts <snapshot>");

const loadStart = performance.now();
const network = loadSnapshot(snapshotPath);
const loadMs = performance.now() - loadStart;

const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ ok: true }));
await bare.listen({ port: 0, host: "127.0.0.1" });

// The key `bench` belongs to a product of a keys file, so that every answer is counted and carries the quota
// headers (its limits are too high to be reached).
const keysFile = join(mkdtempSync(join(tmpdir(), "bench-http-")), "keys.json");
const keys = emptyKeysFile();
keys.products = { bench: { perMinute: MAX_LIMIT, perDay: MAX_LIMIT } };
const hash = hashKey(keys.salt, "bench");
keys.keys.push({ fingerprint: fingerprintOf(hash), hash, product: "bench", label: "bench", created: new Date().toISOString() });
writeKeysFile(keysFile, keys);
// LOG_LEVEL warn: no line per request, as for the bare instance; everything else as in production.
const config = loadConfig({ KEYS_FILE: keysFile, LOG_LEVEL: "warn", PORT: "0", HOST: "127.0.0.1" });
const app = await buildApp({ network: staticNetworkSource(network), config });
await app.listen({ port: 0, host: "127.0.0.1" });

// The day asked for: today when the feed runs today, else the middle of its validity period (a feed fetched
// months ago may have expired), so that E6 serves every stop of a real day.
const { validFrom, validTo } = network.meta;
let today = nowIn(network.meta.timezone).date;
if (today < validFrom || today > validTo) {
  today = dayNumberToServiceDate(Math.floor((serviceDateToDayNumber(validFrom) + serviceDateToDayNumber(validTo)) / 2));
}
// The line asked for: the first one with both directions running that day (any line would do; this one is real).
let line = 0;
for (let l = 0; l < network.lines.count; l++) {
  if (lineDirectionsOfLine(network, l, today).length === 2) {
    line = l;
    break;
  }
}
const port = (server: import("node:http").Server) => {
  const a = server.address();
  if (!a || typeof a === "string") throw new Error("no port");
  return a.port;
};
console.log(
  JSON.stringify({
    bare: port(bare.server),
    lijnwijzer: port(app.server),
    loadMs: Math.round(loadMs),
    line: { entity: network.meta.entities[network.lines.entity[line]].number, line: network.strings.get(network.lines.number[line]) },
    stops: network.stops.count,
    geldigOp: formatDateAsDateTime(today),
  }),
);

// Exit cleanly when the runner is done (so that `node --cpu-prof` can write its profile).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([bare.close(), app.close()]).then(() => process.exit(0));
  });
}
