/**
 * The servers of bench:quota, in a process of their own (the load generator must not share their event loop):
 * the same app on the same snapshot three times, on three loopback ports, differing only in the quota:
 * - `none`: keys of API_KEYS, no quota (what bench:http measures);
 * - `memory`: a keys file and QUOTA_STORE=memory;
 * - `redis`: the same keys file and QUOTA_STORE=redis on the Redis given, over TCP;
 * - `redisSocket`: the same through the Redis' Unix socket.
 * The keys file's product has limits no run reaches (a trillion calls), so every call is counted and allowed.
 * Prints one JSON line {ports, path} and serves until killed.
 * Usage: server.ts <snapshot> <keys file> <redis url> <redis socket url>
 */
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { formatDateAsDateTime, nowIn } from "../../src/api/shared/dates.js";
import { loadConfig } from "../../src/config/load-config.js";
import { dayNumberToServiceDate, serviceDateToDayNumber } from "../../src/lib/service-date.js";
import { lineDirectionsOfLine } from "../../src/network/queries/line-directions-of-line.js";
import { loadSnapshot } from "../../src/network/snapshot.js";

const [snapshotPath, keysFile, redisUrl, redisSocketUrl] = process.argv.slice(2);
if (!redisSocketUrl) throw new Error("usage: server.ts <snapshot> <keys file> <redis url> <redis socket url>");
const network = loadSnapshot(snapshotPath);
const source = staticNetworkSource(network);

// As bench:http: LOG_LEVEL warn (no line per request), one process (WORKERS=1), everything else as in production.
const base = { LOG_LEVEL: "warn", PORT: "0", HOST: "127.0.0.1", WORKERS: "1" };
const variants = {
  none: { ...base, API_KEYS: "bench" },
  memory: { ...base, KEYS_FILE: keysFile, QUOTA_STORE: "memory" },
  redis: { ...base, KEYS_FILE: keysFile, QUOTA_STORE: "redis", REDIS_URL: redisUrl },
  redisSocket: { ...base, KEYS_FILE: keysFile, QUOTA_STORE: "redis", REDIS_URL: redisSocketUrl },
};
const ports: Record<string, number> = {};
const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];
for (const [name, env] of Object.entries(variants)) {
  const app = await buildApp({ network: source, config: loadConfig(env) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  ports[name] = (app.server.address() as { port: number }).port;
  apps.push(app);
}

// E3 as bench:http asks it: the first line with both directions running on a day the feed runs.
const { validFrom, validTo } = network.meta;
let today = nowIn(network.meta.timezone).date;
if (today < validFrom || today > validTo) {
  today = dayNumberToServiceDate(Math.floor((serviceDateToDayNumber(validFrom) + serviceDateToDayNumber(validTo)) / 2));
}
let line = 0;
for (let l = 0; l < network.lines.count; l++) {
  if (lineDirectionsOfLine(network, l, today).length === 2) {
    line = l;
    break;
  }
}
const entity = network.meta.entities[network.lines.entity[line]].number;
const number = network.strings.get(network.lines.number[line]);
console.log(JSON.stringify({ ports, path: `/DLKernOpenData/v1/beta/lijnen/${entity}/${number}`, day: formatDateAsDateTime(today), pid: process.pid }));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void Promise.all(apps.map((a) => a.close())).then(() => process.exit(0)));
}
