/**
 * `lijnwijzer keys`, the real command: the keys file it writes, what it prints (a key once, never again), its
 * mistakes; and end to end, a running `lijnwijzer serve` that takes an added key, a product's limit and a
 * revocation from the file without a restart.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { readKeysFile } from "../../src/lib/keys-file.js";
import { freePort, root, runCli, tempDir } from "./support/run-cli.js";

const keys = (file: string, ...args: string[]) => runCli(["keys", ...args, "--file", file]);

/** The environment without API_KEYS and API_KEYS_FILE: only the keys file's keys work. */
function withoutApiKeys(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.API_KEYS;
  delete env.API_KEYS_FILE;
  return env;
}

describe("lijnwijzer keys", () => {
  it("keys add - creates the file, prints the key alone on stdout once, stores only its hash", () => {
    const file = join(tempDir(), "keys.json");
    const r = keys(file, "add", "--label", "dashboard");
    expect(r.code).toBe(0);
    const key = r.stdout.trim();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(r.stdout).toBe(`${key}\n`);
    const stored = readKeysFile(file);
    const fp = stored.keys[0].fingerprint;
    expect(r.stderr).toBe(
      `created the keys file ${file} (readable by its owner only) with the product default: 6,000 calls a minute, 864,000 a day\n` +
        `added key ${fp} ("dashboard") of product default: 6,000 calls a minute, 864,000 a day; the key is shown this once (the file keeps only its hash)\n`,
    );
    expect(readFileSync(file, "utf8")).not.toContain(key);
    expect(stored.keys).toEqual([{ fingerprint: fp, hash: expect.stringMatching(/^[0-9a-f]{64}$/), product: "default", label: "dashboard", created: expect.any(String) }]);

    const list = keys(file, "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^fingerprint  label      product  created\\n${fp}     dashboard  default  \\d{4}-\\d\\d-\\d\\dT`));
    expect(list.stdout + list.stderr).not.toContain(key);
    const json = JSON.parse(keys(file, "list", "--json").stdout);
    expect(json).toEqual({ products: { default: { perMinute: 6000, perDay: 864000 } }, keys: [{ fingerprint: fp, label: "dashboard", product: "default", created: stored.keys[0].created }] });
  });

  it("keys products - defines, changes, lists and removes products; keys add --product uses one", () => {
    const file = join(tempDir(), "keys.json");
    expect(keys(file, "products", "partner", "--limit-minute", "60", "--limit-day", "1_000").stdout).toBe(
      `defined product partner: 60 calls a minute, 1,000 a day (created the keys file ${file})\n`,
    );
    expect(keys(file, "products", "partner", "--limit-day", "5000").stdout).toBe("changed product partner: 60 calls a minute, 5,000 a day\n");
    expect(keys(file, "add", "--product", "partner").code).toBe(0);
    expect(keys(file, "products").stdout).toBe(
      "product  per minute  per day  keys\ndefault  6,000       864,000  0\npartner  60          5,000    1\n",
    );
    const removing = keys(file, "products", "partner", "--remove");
    expect(removing.code).toBe(1);
    expect(removing.stderr).toMatch(/^lijnwijzer keys: product "partner" has 1 key\(s\) \([0-9a-f]{8}\): revoke them first\n$/);
    expect(keys(file, "products", "default", "--remove").stdout).toBe("removed product default\n");
    expect(Object.keys(readKeysFile(file).products)).toEqual(["partner"]);
  });

  it("keys revoke - by fingerprint, by label or by the key itself", () => {
    const file = join(tempDir(), "keys.json");
    const k1 = keys(file, "add", "--label", "one").stdout.trim();
    keys(file, "add", "--label", "two");
    const k3 = keys(file, "add").stdout.trim();
    const [f1, f2, f3] = readKeysFile(file).keys.map((k) => k.fingerprint);
    expect(keys(file, "revoke", "two").stdout).toBe(`revoked key ${f2} ("two") of product default; a running server refuses it within a few seconds\n`);
    expect(keys(file, "revoke", f3.toUpperCase()).stdout).toContain(`revoked key ${f3} of product default`);
    expect(keys(file, "revoke", k1).stdout).toContain(`revoked key ${f1} ("one")`);
    expect(readKeysFile(file).keys).toEqual([]);
    const again = keys(file, "revoke", k3);
    expect([again.code, again.stderr]).toEqual([1, `lijnwijzer keys: no key of ${file} has the fingerprint or label "${k3}", nor is it one: \`lijnwijzer keys list\` shows them\n`]);
  });

  it("keys - mistakes say what to do, with exit code 2 for a wrong command line and 1 for the rest", () => {
    const file = join(tempDir(), "keys.json");
    const err = (...args: string[]) => {
      const r = runCli(["keys", ...args]);
      return [r.code, r.stderr.split("\n")[0]];
    };
    expect(err("add")).toEqual([2, "lijnwijzer keys: needs the keys file: --file <path> or KEYS_FILE: see lijnwijzer keys --help"]);
    expect(err("--file", file)).toEqual([2, "lijnwijzer keys: needs an action: add, list, revoke or products: see lijnwijzer keys --help"]);
    expect(err("remove", "--file", file)).toEqual([2, 'lijnwijzer keys: unknown action "remove": add, list, revoke or products: see lijnwijzer keys --help']);
    expect(err("list", "--file", file)).toEqual([1, `lijnwijzer keys: the keys file ${file} does not exist: \`lijnwijzer keys add\` creates it`]);
    expect(err("add", "--product", "gold", "--file", file)).toEqual([
      1,
      `lijnwijzer keys: product "gold" is not defined in ${file} (it has default): define it with \`lijnwijzer keys products gold --limit-minute <n> --limit-day <n>\``,
    ]);
    keys(file, "add", "--label", "taken");
    expect(err("add", "--label", "taken", "--file", file)[1]).toMatch(/^lijnwijzer keys: the label "taken" is taken by key [0-9a-f]{8}: choose another, or revoke that key first$/);
    expect(err("add", "--limit-day", "5", "--file", file)).toEqual([2, "lijnwijzer keys: add takes no --limit-day: see lijnwijzer keys --help"]);
    expect(err("products", "p", "--limit-minute", "0", "--file", file)).toEqual([
      2,
      'lijnwijzer keys: --limit-minute must be a whole number of calls from 1 to 1,000,000,000,000, not "0": see lijnwijzer keys --help',
    ]);
    expect(err("revoke", "--file", file)).toEqual([2, "lijnwijzer keys: revoke takes one fingerprint, label or key: see lijnwijzer keys --help"]);
    // KEYS_FILE names the file when --file does not.
    const viaEnv = runCli(["keys", "list"], { KEYS_FILE: file });
    expect([viaEnv.code, viaEnv.stdout.split("\n")[0]]).toEqual([0, "fingerprint  label  product  created"]);
  });
});

describe("lijnwijzer serve with KEYS_FILE", () => {
  let child: ChildProcess | undefined;
  afterAll(() => void child?.kill("SIGTERM"));

  it("serve - takes keys added and revoked, and a product's new limit, from the file while running", async () => {
    const dir = tempDir();
    const file = join(dir, "keys.json");
    expect(keys(file, "products", "trial", "--limit-minute", "2", "--limit-day", "100").code).toBe(0);
    const first = keys(file, "add", "--label", "first").stdout.trim();
    const port = await freePort();
    let log = "";
    child = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", await ensureDemoSnapshot({ quiet: true }), "--port", String(port)], {
      cwd: root,
      env: { ...withoutApiKeys(), HOST: "127.0.0.1", KEYS_FILE: file, WORKERS: "1", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.setEncoding("utf8").on("data", (c: string) => (log += c));
    child.stderr!.setEncoding("utf8").on("data", (c: string) => (log += c));
    const url = `http://127.0.0.1:${port}/DLKernOpenData/api/v1/entiteiten/3`;
    const call = async (key: string) => {
      try {
        const res = await fetch(`${url}?subscription-key=${key}`);
        return { status: res.status, limit: res.headers.get("x-ratelimit-limit-minute") };
      } catch {
        return { status: 0, limit: null };
      }
    };
    const until = async (key: string, ok: (s: number) => boolean) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child!.exitCode !== null) throw new Error(`server exited: ${log}`);
        const r = await call(key);
        if (ok(r.status)) return r;
        if (Date.now() > deadline) throw new Error(`timed out; last status ${r.status}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    expect(await until(first, (s) => s === 200)).toEqual({ status: 200, limit: "6000" });
    expect((await call("demo")).status).toBe(401);

    const second = keys(file, "add", "--product", "trial").stdout.trim();
    expect(await until(second, (s) => s === 200)).toEqual({ status: 200, limit: "2" });
    expect((await call(second)).status).toBe(200);
    expect((await call(second)).status).toBe(429);

    expect(keys(file, "products", "trial", "--limit-minute", "10").code).toBe(0);
    expect(await until(second, (s) => s === 200)).toEqual({ status: 200, limit: "10" });

    expect(keys(file, "revoke", "first").code).toBe(0);
    await until(first, (s) => s === 401);
    expect((await call(second)).status).toBe(200);
    expect(log).toContain("keys file reloaded");
    expect(log).not.toContain(first);
    expect(log).not.toContain(second);
  });
});
