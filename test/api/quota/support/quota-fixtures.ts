/**
 * Keys files and apps for the quota tests: a file with known keys (the tests must know them; `keys add` would make
 * random ones), an app on the demo network with KEYS_FILE, and a redis-server of the test's own on a free port.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import { emptyKeysFile, fingerprintOf, hashKey, type KeysFile, type ProductLimits, readKeysFile, writeKeysFile } from "../../../../src/lib/keys-file.js";
import { freePort } from "../../../cli/support/run-cli.js";
import { suiteNetwork } from "../../support/suite-network.js";

export const V1 = "/DLKernOpenData/api/v1";

/** A keys file in a new temporary folder with these products and keys (key text -> product, label). */
export function keysFileWith(products: Record<string, ProductLimits>, keys: Record<string, { product: string; label?: string }>, path?: string): string {
  // A file rewritten keeps its salt, as `lijnwijzer keys` does: the hashes, and so the counters, stay.
  const file = keysContent(products, keys, path && existsSync(path) ? readKeysFile(path).salt : undefined);
  const at = path ?? join(mkdtempSync(join(tmpdir(), "lw-keys-")), "keys.json");
  writeKeysFile(at, file);
  return at;
}

export function keysContent(products: Record<string, ProductLimits>, keys: Record<string, { product: string; label?: string }>, salt?: string): KeysFile {
  const file = emptyKeysFile();
  if (salt) file.salt = salt;
  file.products = products;
  file.keys = Object.entries(keys).map(([key, { product, label }]) => {
    const hash = hashKey(file.salt, key);
    return { fingerprint: fingerprintOf(hash), hash, product, created: "2026-11-01T00:00:00.000Z", ...(label ? { label } : {}) };
  });
  return file;
}

export interface LogLines {
  lines: string[];
  /** The parsed log lines whose msg contains the text. */
  find(text: string): Array<Record<string, unknown>>;
}

export function logLines(): LogLines & { write(line: string): void } {
  const lines: string[] = [];
  return {
    lines,
    write: (line: string) => void lines.push(line),
    find: (text: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.msg).includes(text)),
  };
}

/** The app on the demo network with this environment (LOG_LEVEL silent unless given), its clock and log. */
export async function quotaApp(env: Record<string, string>, clock?: () => number, log?: { write(line: string): void }) {
  return buildApp({
    network: staticNetworkSource(await suiteNetwork()),
    config: loadConfig({ LOG_LEVEL: "silent", ...env }),
    clock,
    logStream: log,
  });
}

const redisBinary = (() => {
  const r = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : undefined;
})();

/** Why the Redis tests are skipped, or undefined when redis-server is installed. */
export const NO_REDIS = redisBinary === undefined ? "redis-server is not installed (Debian: apt-get install redis-server): the Redis quota tests are skipped" : undefined;

export interface TestRedis {
  port: number;
  url: string;
  /** The same server through its Unix socket: unix:///...redis.sock */
  socketUrl: string;
  process: ChildProcess;
  /** Stops it (SIGKILL: as a crash) and waits for its end. */
  kill(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, no persistence; on the same port again when given. */
export async function startRedis(port?: number): Promise<TestRedis> {
  const p = port ?? (await freePort());
  const socket = join(mkdtempSync(join(tmpdir(), "lw-redis-")), "redis.sock");
  const args = ["--port", String(p), "--bind", "127.0.0.1", "--unixsocket", socket, "--unixsocketperm", "700", "--save", "", "--appendonly", "no", "--daemonize", "no"];
  const child = spawn(redisBinary!, args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on port ${p}: ${out}`)), 10_000);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${out}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    socketUrl: `unix://${socket}`,
    process: child,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
