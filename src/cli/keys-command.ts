/**
 * `lijnwijzer keys`: manages the keys file (KEYS_FILE, or `--file`; format in src/lib/keys-file.ts).
 *   keys add [--product <name>] [--label <text>]   a new random key; the key alone on stdout, shown this once
 *   keys list [--json]                             fingerprints, labels, products, creation times; never a key
 *   keys revoke <fingerprint|label|key>            removes the key; a running server refuses it within seconds
 *   keys products [<name> [--limit-minute <n>] [--limit-day <n>] | <name> --remove]
 *                                                  lists products, or defines, changes or removes one
 * `keys add` on a file that does not exist creates it (a new salt and the product "default" with the operator's
 * limits, 6,000 a minute and 864,000 a day). Every change rewrites the file atomically; a running server re-reads it
 * (src/api/quota/keys-file-watcher.ts). Two commands run at the same moment may lose one's change: run them one at
 * a time.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_LIMIT_PER_DAY,
  DEFAULT_LIMIT_PER_MINUTE,
  DEFAULT_PRODUCT,
  emptyKeysFile,
  fingerprintOf,
  generateKey,
  hashKey,
  isLabel,
  isProductName,
  type KeysFile,
  MAX_LIMIT,
  readKeysFile,
  type StoredKey,
  writeKeysFile,
} from "../lib/keys-file.js";
import { CliError, usageError } from "./cli-error.js";

export const KEYS_USAGE = `lijnwijzer keys add [--product <name>] [--label <text>] [--file <keys.json>]
  lijnwijzer keys list [--json] [--file <keys.json>]
  lijnwijzer keys revoke <fingerprint|label|key> [--file <keys.json>]
  lijnwijzer keys products [<name> [--limit-minute <n>] [--limit-day <n>] [--remove]] [--file <keys.json>]`;

const count = (n: number) => n.toLocaleString("en-US");

export async function keysCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      file: { type: "string" },
      product: { type: "string" },
      label: { type: "string" },
      json: { type: "boolean" },
      "limit-minute": { type: "string" },
      "limit-day": { type: "string" },
      remove: { type: "boolean" },
    },
  });
  const [action, ...rest] = positionals;
  const path = values.file ?? (env.KEYS_FILE?.trim() || undefined);
  if (action === undefined) throw usage("needs an action: add, list, revoke or products");
  if (path === undefined) throw usage("needs the keys file: --file <path> or KEYS_FILE");
  const allowed: Record<string, string[]> = {
    add: ["product", "label"],
    list: ["json"],
    revoke: [],
    products: ["limit-minute", "limit-day", "remove"],
  };
  if (!(action in allowed)) throw usage(`unknown action "${action}": add, list, revoke or products`);
  const stray = Object.keys(values).filter((o) => o !== "file" && !allowed[action].includes(o));
  if (stray.length) throw usage(`${action} takes no --${stray.join(", --")}`);
  switch (action) {
    case "add":
      if (rest.length) throw usage("add takes no argument: the key is made for you");
      return add(path, values.product ?? DEFAULT_PRODUCT, values.label);
    case "list":
      if (rest.length) throw usage("list takes no argument");
      return list(path, values.json === true);
    case "revoke":
      if (rest.length !== 1) throw usage("revoke takes one fingerprint, label or key");
      return revoke(path, rest[0]);
    default:
      if (rest.length > 1) throw usage("products takes at most one product name");
      if (rest.length === 0) {
        if (values["limit-minute"] !== undefined || values["limit-day"] !== undefined || values.remove) {
          throw usage("--limit-minute, --limit-day and --remove go with a product name: keys products <name> ...");
        }
        return products(path);
      }
      return defineProduct(path, rest[0], values["limit-minute"], values["limit-day"], values.remove === true);
  }
}

function usage(problem: string): CliError {
  return usageError("keys", problem);
}

function open(path: string): KeysFile {
  if (!existsSync(path)) throw new CliError(`the keys file ${path} does not exist: \`lijnwijzer keys add\` creates it`);
  return readKeysFile(path);
}

function describeKey(k: StoredKey): string {
  return `${k.fingerprint}${k.label === undefined ? "" : ` (${JSON.stringify(k.label)})`}`;
}

function describeProduct(file: KeysFile, name: string): string {
  const p = file.products[name];
  return `${name}: ${count(p.perMinute)} calls a minute, ${count(p.perDay)} a day`;
}

function add(path: string, product: string, label: string | undefined): number {
  const created = !existsSync(path);
  const file = created ? emptyKeysFile() : readKeysFile(path);
  if (!Object.hasOwn(file.products, product)) {
    throw new CliError(
      `product "${product}" is not defined in ${path} (it has ${Object.keys(file.products).join(", ") || "none"}): define it with \`lijnwijzer keys products ${product} --limit-minute <n> --limit-day <n>\``,
    );
  }
  if (label !== undefined) {
    if (!isLabel(label)) throw new CliError("--label must be 1 to 100 characters, no control characters");
    const holder = file.keys.find((k) => k.label === label);
    if (holder) throw new CliError(`the label ${JSON.stringify(label)} is taken by key ${holder.fingerprint}: choose another, or revoke that key first`);
  }
  let key: string;
  let hash: string;
  do {
    key = generateKey();
    hash = hashKey(file.salt, key);
  } while (file.keys.some((k) => k.fingerprint === fingerprintOf(hash)));
  const stored: StoredKey = { fingerprint: fingerprintOf(hash), hash, product, created: new Date().toISOString() };
  if (label !== undefined) stored.label = label;
  file.keys.push(stored);
  if (created) makeFolder(path);
  save(path, file);
  if (created) console.error(`created the keys file ${path} (readable by its owner only) with the product ${describeProduct(file, DEFAULT_PRODUCT)}`);
  console.log(key);
  console.error(
    `added key ${describeKey(stored)} of product ${describeProduct(file, product)}; the key is shown this once (the file keeps only its hash)`,
  );
  return 0;
}

function list(path: string, json: boolean): number {
  const file = open(path);
  if (json) {
    const keys = file.keys.map(({ fingerprint, label, product, created }) => ({ fingerprint, label: label ?? null, product, created }));
    console.log(JSON.stringify({ products: file.products, keys }, null, 2));
    return 0;
  }
  if (file.keys.length === 0) {
    console.log(`no keys in ${path}: add one with \`lijnwijzer keys add\``);
    return 0;
  }
  const rows = [["fingerprint", "label", "product", "created"], ...file.keys.map((k) => [k.fingerprint, k.label ?? "-", k.product, k.created])];
  printTable(rows);
  return 0;
}

function revoke(path: string, which: string): number {
  const file = open(path);
  let matches = file.keys.filter((k) => k.fingerprint === which.toLowerCase() || k.label === which);
  if (matches.length === 0) {
    const hash = hashKey(file.salt, which);
    matches = file.keys.filter((k) => k.hash === hash);
  }
  if (matches.length === 0) {
    throw new CliError(`no key of ${path} has the fingerprint or label ${JSON.stringify(which)}, nor is it one: \`lijnwijzer keys list\` shows them`);
  }
  if (matches.length > 1) {
    // A label that is also another key's fingerprint: say which is which rather than guess.
    throw new CliError(`${JSON.stringify(which)} names ${matches.length} keys (${matches.map(describeKey).join(", ")}): revoke one by its fingerprint`);
  }
  file.keys = file.keys.filter((k) => k !== matches[0]);
  save(path, file);
  console.log(`revoked key ${describeKey(matches[0])} of product ${matches[0].product}; a running server refuses it within a few seconds`);
  return 0;
}

function products(path: string): number {
  const file = open(path);
  const rows = [
    ["product", "per minute", "per day", "keys"],
    ...Object.entries(file.products).map(([name, p]) => [name, count(p.perMinute), count(p.perDay), String(file.keys.filter((k) => k.product === name).length)]),
  ];
  printTable(rows);
  return 0;
}

function defineProduct(path: string, name: string, perMinuteText: string | undefined, perDayText: string | undefined, remove: boolean): number {
  if (!isProductName(name)) throw usage(`product name ${JSON.stringify(name)}: a product name is 1 to 64 letters, digits and . _ -`);
  const created = !existsSync(path);
  const file = created ? emptyKeysFile() : readKeysFile(path);
  const exists = Object.hasOwn(file.products, name);
  if (remove) {
    if (perMinuteText !== undefined || perDayText !== undefined) throw usage("--remove takes no limits");
    if (!exists) throw new CliError(`product "${name}" is not defined in ${path}`);
    const users = file.keys.filter((k) => k.product === name);
    if (users.length) throw new CliError(`product "${name}" has ${users.length} key(s) (${users.map(describeKey).join(", ")}): revoke them first`);
    delete file.products[name];
    save(path, file);
    console.log(`removed product ${name}`);
    return 0;
  }
  const before = exists ? file.products[name] : undefined;
  file.products[name] = {
    perMinute: perMinuteText === undefined ? (before?.perMinute ?? DEFAULT_LIMIT_PER_MINUTE) : limit("--limit-minute", perMinuteText),
    perDay: perDayText === undefined ? (before?.perDay ?? DEFAULT_LIMIT_PER_DAY) : limit("--limit-day", perDayText),
  };
  save(path, file);
  console.log(`${exists ? "changed" : "defined"} product ${describeProduct(file, name)}${created ? ` (created the keys file ${path})` : ""}`);
  return 0;
}

function limit(option: string, text: string): number {
  const v = text.replace(/[_,]/g, "");
  if (!/^\d{1,13}$/.test(v) || Number(v) < 1 || Number(v) > MAX_LIMIT) {
    throw usage(`${option} must be a whole number of calls from 1 to ${count(MAX_LIMIT)}, not "${text}"`);
  }
  return Number(v);
}

function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join("  ").trimEnd());
}

/**
 * The folder of a keys file about to be created, made when missing (readable by its owner only: the file holds key
 * hashes), as `/etc/lijnwijzer/keys.json` on a fresh machine.
 */
function makeFolder(path: string): void {
  const dir = dirname(resolve(path));
  if (existsSync(dir)) return;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new CliError(`the folder ${dir} of the keys file cannot be created (${(err as NodeJS.ErrnoException).code}): create it, or set KEYS_FILE (--file) to a path this user may write`);
  }
  console.error(`created the folder ${dir} (its owner only)`);
}

/** Writes the keys file; a folder or permission problem said in words. */
function save(path: string, file: KeysFile): void {
  try {
    writeKeysFile(path, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === undefined) throw err;
    throw new CliError(`the keys file ${path} cannot be written (${code}): check its folder exists and this user may write there`);
  }
}
