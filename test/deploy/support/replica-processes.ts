/**
 * The processes of the deployment test (test/deploy/replicas.test.ts): replicas of the real command
 * (`node bin/lijnwijzer.js serve`), and nginx running the shipped deploy/nginx/lijnwijzer.conf with the test's
 * addresses, port and log folder written in.
 *
 * Each process is started in a process group of its own (`detached`) and stopped by signalling the group, so
 * that a kill also reaches nginx's worker and any worker a replica forks; every process started is remembered
 * until it exits, and whatever still runs when the test process exits is killed then too, after a failure as
 * well. nginx runs without root's habits: its pid file, logs and temporary files in the test's folder, in the
 * foreground (`daemon off`), as the user that runs the test.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { userInfo } from "node:os";
import { join } from "node:path";
import { root } from "../../cli/support/run-cli.js";

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) signalGroup(child, "SIGKILL");
});

/** Kills every process this module started that still runs (their whole groups), and waits for them. */
export async function stopAll(): Promise<void> {
  const exits = [...running].map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()))));
  for (const child of running) signalGroup(child, "SIGKILL");
  await Promise.all(exits);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export interface Started {
  readonly child: ChildProcess;
  /** What it wrote on stdout and stderr so far. */
  output(): string;
  /** True until it exits. */
  alive(): boolean;
  /** Sends the signal to its process group and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function startGroup(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running.add(child);
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (output += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => running.delete(child));
  return {
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = "SIGKILL") {
      signalGroup(child, signal);
      await exited;
    },
  };
}

/** Polls `url` until it answers `status`; throws with the process's output when it exits or time runs out. */
async function waitForAnswer(url: string, process: Started, what: string, ms: number, status = 200): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (!process.alive()) throw new Error(`${what} exited (${process.child.exitCode ?? process.child.signalCode}):\n${process.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${what} gave no ${status} at ${url} within ${ms} ms:\n${process.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Settings a replica must not inherit from the test's environment. */
const OWN_SETTINGS = ["API_KEYS", "API_KEYS_FILE", "KEYS_FILE", "QUOTA_STORE", "REDIS_URL", "PORT", "HOST", "WORKERS", "REALTIME_FEEDS", "METRICS"];

export interface Replica extends Started {
  readonly port: number;
}

/**
 * `lijnwijzer serve` of the demo network on a loopback port, without real-time, one process, with `env`; resolves
 * when its /health answers 200.
 */
export async function startReplica(port: number, env: Record<string, string>): Promise<Replica> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OWN_SETTINGS) delete base[name];
  const started = startGroup(process.execPath, ["bin/lijnwijzer.js", "serve", "--no-realtime", "--port", String(port)], {
    ...base,
    HOST: "127.0.0.1",
    WORKERS: "1",
    LOG_LEVEL: "warn",
    ...env,
  });
  const replica = { ...started, port };
  await waitForAnswer(`http://127.0.0.1:${port}/health`, replica, `replica on port ${port}`, 60_000);
  return replica;
}

export const NGINX = "/usr/sbin/nginx";
export const SHIPPED_NGINX_CONF = join(root, "deploy/nginx/lijnwijzer.conf");

/**
 * The shipped site configuration with the test's values: the replicas' addresses in the order of `replicaPorts`,
 * nginx listening on loopback at `listenPort`, the access log in `logDir`. Throws when the shipped file no longer
 * has what is replaced, so that the test keeps running the file operators install.
 */
export function siteConfig(shipped: string, o: { listenPort: number; replicaPorts: readonly number[]; logDir: string }): string {
  const servers = shipped.match(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm) ?? [];
  if (servers.length !== o.replicaPorts.length) {
    throw new Error(`deploy/nginx/lijnwijzer.conf lists ${servers.length} replicas, the test starts ${o.replicaPorts.length}`);
  }
  let i = 0;
  let text = shipped.replace(/^(\s*server )127\.0\.0\.1:\d+( .*;)$/gm, (_m, before: string, after: string) => `${before}127.0.0.1:${o.replicaPorts[i++]}${after}`);
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx/lijnwijzer.conf no longer has ${pattern}`);
    text = text.replace(pattern, by);
  };
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${o.listenPort};`);
  replace(/\/var\/log\/nginx\//g, `${o.logDir}/`);
  return text;
}

export interface Nginx extends Started {
  /** "http://127.0.0.1:<port>" */
  readonly origin: string;
  readonly errorLog: string;
  readonly accessLog: string;
}

/**
 * nginx in the foreground with a main configuration written in `dir` that includes the shipped site's (see
 * siteConfig); resolves when a request through it reaches a replica.
 */
export async function startNginx(dir: string, listenPort: number, replicaPorts: readonly number[]): Promise<Nginx> {
  const { globals, errorLog } = checkedNginx(dir, siteConfig(readFileSync(SHIPPED_NGINX_CONF, "utf8"), { listenPort, replicaPorts, logDir: dir }));
  const started = startGroup(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", globals], process.env);
  const origin = `http://127.0.0.1:${listenPort}`;
  const nginx = { ...started, origin, errorLog, accessLog: join(dir, "lijnwijzer.access.log") };
  try {
    await waitForAnswer(`${origin}/health`, nginx, "nginx", 20_000);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${safeRead(errorLog)}`);
  }
  return nginx;
}

/**
 * Writes `site` and a main configuration including it in `dir`, and has `nginx -t` check them (throws with its
 * message when it refuses); returns the -g globals to run nginx with.
 */
export function checkedNginx(dir: string, site: string): { globals: string; errorLog: string } {
  const temp = join(dir, "temp");
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(dir, "lijnwijzer.conf"), site);
  // As root, nginx's workers would run as `nobody`, who cannot write in the test's private folder.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : "";
  writeFileSync(
    join(dir, "nginx.conf"),
    `${user}worker_processes 1;
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${join(dir, "lijnwijzer.conf")};
}
`,
  );
  const errorLog = join(dir, "error.log");
  const globals = `daemon off; pid ${join(dir, "nginx.pid")}; error_log ${errorLog} warn;`;
  const test = spawnSync(NGINX, ["-t", "-p", dir, "-c", join(dir, "nginx.conf"), "-g", globals], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  return { globals, errorLog };
}

export function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * The value of one series of a replica's /metrics (asked directly, from loopback), summed over the series whose
 * labels include all of `labels`; 0 when there is none.
 */
export async function metricValue(port: number, name: string, labels: Record<string, string>): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics of port ${port} answered ${res.status}`);
  let sum = 0;
  for (const line of (await res.text()).split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** Sends `bytes` as they are on a new connection; the status, Content-Type and body of the answer (at most 5 s). */
export async function rawRequest(port: number, bytes: string): Promise<{ status: number; type: string; body: string }> {
  // nginx answers a request over its buffers (414, 431) and closes while the rest of it is still unread: the kernel
  // then resets the connection, and a reset that comes before this side has read the answer loses it (seen once in
  // a full run under load). The answer is nginx's either way: ask again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await rawRequestOnce(port, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ECONNRESET" || attempt === 3) throw err;
    }
  }
}

function rawRequestOnce(port: number, bytes: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => (text += d));
    // A reset after the whole answer has come is the close of a connection nginx was done with.
    socket.on("error", (err) => {
      if (!/\r\n\r\n/.test(text)) reject(err);
    });
    socket.on("close", () => {
      const at = text.indexOf("\r\n\r\n");
      const head = text.slice(0, at);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        type: /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? "",
        body: text.slice(at + 4),
      });
    });
    // Not end(): nginx takes a client that half-closes while a long request line is still being read for one
    // that went away, and answers nothing. The requests say Connection: close, or are ones nginx refuses.
    socket.write(Buffer.from(bytes, "latin1"));
    setTimeout(() => socket.destroy(), 5000);
  });
}
