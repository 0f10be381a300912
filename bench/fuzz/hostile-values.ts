/**
 * Values the fuzzer puts where a parameter goes, as the bytes of the URL: a "byte string" is a JS string whose
 * characters are U+0000 to U+00FF, one per byte sent (latin1), so that a value can hold raw UTF-8, raw control
 * bytes and bytes that are no UTF-8 at all, as well as percent-encoded text.
 *
 * Each kind is one generator of the seeded random stream (src/demo/prng.ts), so a request is fully given by the
 * seed and its index: random and over-long segments, huge, negative and odd numbers, Unicode (percent-encoded or
 * raw), control characters, bad percent-encoding, injection-like strings, mangled dates and coordinates, long key
 * lists, and spoiled valid values.
 */
import type { Prng } from "../../src/demo/prng.js";

export type ByteString = string;

/** The UTF-8 bytes of `text`, raw, as a byte string. */
export function rawUtf8(text: string): ByteString {
  return Buffer.from(text, "utf8").toString("latin1");
}

/** `text` percent-encoded as UTF-8, every byte that is not unreserved as %XX (lone surrogates as CESU-8). */
export function percentEncoded(text: string): ByteString {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) out += ch;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += cesu8Percent(cp);
    else for (const b of Buffer.from(ch, "utf8")) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A lone surrogate as the three bytes UTF-8 forbids (what a careless encoder writes). */
function cesu8Percent(cp: number): string {
  const bytes = [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
}

const ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const URL_SAFE = `${ALNUM}-._~`;

function randomText(rng: Prng, alphabet: string, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

/** Text or raw: some of each, so that the server's decoding and its parser both get their share. */
function encodeSome(rng: Prng, text: string): ByteString {
  return rng.chance(0.7) ? percentEncoded(text) : rawUtf8(text);
}

// --- the kinds ---------------------------------------------------------------------------------------------------

function randomSegment(rng: Prng): ByteString {
  return randomText(rng, URL_SAFE, rng.int(1, 40));
}

/** Over-long: past the schemas' limits (200, 255), past 8 KB, and past Node's 16 KB of headers (431). */
function overLong(rng: Prng): ByteString {
  const length = rng.pick([201, 256, 1000, 4096, 9000, 17_000, 40_000]);
  const unit = rng.pick(["9", "x", "3_302_", "%F0%9F%9A%8C", "%00", "a%20", "é"]);
  const text = unit === "é" ? rawUtf8("é") : unit;
  return text.repeat(Math.ceil(length / Math.max(1, unit.length))).slice(0, length);
}

function numberLike(rng: Prng): ByteString {
  const huge = () => randomText(rng, "0123456789", rng.int(16, 400)).replace(/^0/, "9");
  const options: Array<() => string> = [
    () => "-1",
    () => "-0",
    () => "0",
    () => `-${rng.int(1, 2 ** 31)}`,
    () => huge(),
    () => `-${huge()}`,
    () => String(2 ** 31),
    () => String(2 ** 32),
    () => String(2 ** 53 + 1),
    () => "9223372036854775808",
    () => "-2147483649",
    () => "1e308",
    () => "-1e308",
    () => "1e-308",
    () => "1e999",
    () => `${rng.int(0, 9)}.${huge()}`,
    () => "0x1F",
    () => "0b101",
    () => "0o17",
    () => "1_000",
    () => "+5",
    () => ".5",
    () => "5.",
    () => "Infinity",
    () => "-Infinity",
    () => "NaN",
    () => "00000000000000000001",
    () => percentEncoded("１２３"),
    () => percentEncoded("٣٠٢"),
    () => percentEncoded("³"),
    () => `${rng.int(1, 999)}%20`,
    () => `%20${rng.int(1, 999)}`,
  ];
  return rng.pick(options)();
}

/** Code points from the ranges that trip text handling: accents, scripts, RTL, combining, zero-width, astral. */
const UNICODE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0xa0, 0xff],
  [0x100, 0x17f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x590, 0x5ff],
  [0x600, 0x6ff],
  [0x300, 0x36f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0xfeff, 0xfeff],
  [0xfffd, 0xffff],
  [0x4e00, 0x4fff],
  [0xe000, 0xe0ff],
  [0xd800, 0xdfff],
  [0x1f300, 0x1faff],
  [0x10fff0, 0x10ffff],
];

function unicodeText(rng: Prng): ByteString {
  let text = "";
  const n = rng.int(1, 12);
  for (let i = 0; i < n; i++) {
    const [lo, hi] = rng.pick(UNICODE_RANGES);
    text += String.fromCodePoint(rng.int(lo, hi));
  }
  if (rng.chance(0.3)) text = `leuven${text}`;
  // A lone surrogate has no UTF-8: only its percent-encoded CESU-8 form can be sent.
  return /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")) ? percentEncoded(text) : encodeSome(rng, text);
}

/** C0, DEL and C1 controls, mostly percent-encoded; raw ones make the request end its connection (see fuzz-request). */
function controlCharacters(rng: Prng): ByteString {
  let out = rng.chance(0.5) ? String(rng.int(1, 999)) : "";
  const n = rng.int(1, 4);
  for (let i = 0; i < n; i++) {
    const code = rng.pick([rng.int(0, 0x1f), 0x7f, rng.int(0x80, 0x9f)]);
    const raw = code < 0x80 ? String.fromCharCode(code) : rawUtf8(String.fromCharCode(code));
    out += rng.chance(0.75) ? percentEncoded(String.fromCharCode(code)) : raw;
  }
  return out;
}

const BAD_PERCENT = ["%", "%%", "%Z", "%ZZ", "%1", "%G0", "%C3", "%C3%28", "%E2%82", "%F0%9F%9A", "%C0%AF", "%E0%80%AF", "%ED%A0%80", "%FF", "%FE%FF", "%u0041", "%2", "%%32%35", "%25%32%35", "%252F", "%00"];

function badPercent(rng: Prng): ByteString {
  const bad = rng.pick(BAD_PERCENT);
  const around = rng.int(0, 3);
  return around === 0 ? bad : around === 1 ? `${rng.int(1, 999)}${bad}` : around === 2 ? `${bad}${rng.int(1, 999)}` : `leu${bad}ven`;
}

const INJECTIONS: readonly string[] = [
  "' OR '1'='1",
  "1; DROP TABLE haltes--",
  '" OR ""="',
  "1' AND SLEEP(5)--",
  "1 UNION SELECT null,null--",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "#{7*7}",
  "<%= 7*7 %>",
  "../../../../etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "....//....//etc/passwd",
  "/etc/passwd%00.json",
  "$(id)",
  "`id`",
  "; ls -la",
  "| cat /etc/passwd",
  "&& whoami",
  '{"$gt":""}',
  "[$ne]=1",
  "*)(uid=*))(|(uid=*",
  "%s%s%s%n",
  "%x%x%x",
  "\u202eevil",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "null",
  "undefined",
  "[]",
  "{}",
  "\\",
  "\\u0000",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "\r\nSet-Cookie: a=b",
  "\r\n\r\nGET / HTTP/1.1",
  "<!--",
  "]]>",
  "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>",
  "(a+)+$",
  `${"a".repeat(60)}!`,
  "*".repeat(120),
  "?".repeat(60),
  "(".repeat(80),
  "[".repeat(80),
  "\\d+".repeat(40),
];

function injection(rng: Prng): ByteString {
  const text = rng.pick(INJECTIONS);
  return rng.chance(0.75) ? percentEncoded(text) : rawUtf8(text);
}

function emptyish(rng: Prng): ByteString {
  return rng.pick(["", "%20", "+", "%09", ".", "..", "~", "%2E", "%2E%2E", "-", "_", "__", ",", "%2C"]);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function dateLike(rng: Prng): ByteString {
  const y = rng.pick([0, 1, 1900, 1970, 2024, 2025, 2026, 2030, 2199, 9999, 10000, 275760]);
  const m = rng.pick([0, 1, 2, 3, 10, 12, 13, 99]);
  const d = rng.pick([0, 1, 28, 29, 30, 31, 32, 99]);
  const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  const time = `${pad(rng.pick([0, 2, 3, 8, 23, 24, 25, 99]), 2)}:${pad(rng.pick([0, 30, 59, 60, 99]), 2)}:${pad(rng.pick([0, 59, 60, 61]), 2)}`;
  const options: Array<() => string> = [
    () => date,
    () => `${date}T${time}`,
    () => `${date}T${time}.${"9".repeat(rng.int(1, 30))}`,
    () => `${date}T${time}${rng.pick(["Z", "%2B14:00", "-12:00", "%2B99:99", "%2B0100", "-00:00", "%2B24:00"])}`,
    () => `${date}%20${time}`,
    () => `${date}T${time.slice(0, 5)}`,
    () => "2025-03-30T02:30:00",
    () => "2025-10-26T02:30:00",
    () => `-${date}`,
    () => `%2B${date}`,
    () => String(rng.int(0, 2 ** 31)),
    () => "now",
    () => "today",
    () => date.replace(/-/g, "/").replace(/\//g, "%2F"),
    () => date.replace(/-/g, ""),
    () => `${date}T`,
    () => `T${time}`,
  ];
  return rng.pick(options)();
}

function coordinateLike(rng: Prng): ByteString {
  const n = () => rng.pick(["90", "-90", "90.000001", "-90.000001", "180", "-180", "180.0000001", "0", "-0", "50.8798", "4.7005", "999", "1e3", "NaN", "Infinity", `50.${"8".repeat(rng.int(10, 200))}`]);
  const options: Array<() => string> = [
    () => `${n()},${n()}`,
    () => `${n()},`,
    () => `,${n()}`,
    () => `${n()}`,
    () => `${n()},${n()},${n()}`,
    () => `${n()}%2C${n()}`,
    () => `50,8;4,7`,
    () => `%20${n()}%20,%20${n()}%20`,
    () => `${n()}%09,${n()}`,
    () => `${n()}_${n()}`,
  ];
  return rng.pick(options)();
}

/** Lists of keys: many, repeated, malformed in one place. */
function keyList(rng: Prng, valid: string): ByteString {
  const count = rng.pick([2, 10, 99, 100, 101, 250, 1000]);
  const items = Array.from({ length: count }, () => (rng.chance(0.9) ? valid : randomText(rng, "0123456789", rng.int(1, 12))));
  const joined = items.join("_");
  return rng.pick([joined, `${joined}_`, `_${joined}`, joined.replace("_", "__"), `${joined}_HEEN`, joined.replace(/_/g, ",")]);
}

/** A valid value, spoiled a little: what a client with a bug sends. */
function spoiled(rng: Prng, valid: string): ByteString {
  const cut = rng.int(0, Math.max(0, valid.length - 1));
  const options: Array<() => string> = [
    () => `${valid}${randomText(rng, URL_SAFE, 1)}`,
    () => `${randomText(rng, URL_SAFE, 1)}${valid}`,
    () => valid.slice(0, cut),
    () => valid.slice(cut),
    () => `${valid}${valid}`,
    () => `${valid}_${valid}`,
    () => `${valid},${valid}`,
    () => `-${valid}`,
    () => `${valid}%20`,
    () => `%20${valid}`,
    () => `${valid}%00`,
    () => `${valid}.json`,
    () => `${valid}/`,
    () => `${valid}%2F`,
    () => `${valid}?`,
    () => valid.toLowerCase(),
    () => valid.replace(/\d/, String(rng.int(0, 9))),
    () => valid.replace(/[A-Za-z]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())),
    () => percentEncoded(valid),
    () => `0000${valid}`,
  ];
  return rng.pick(options)();
}

/** The kinds, by name (results count requests per kind), each with its weight in the draw. */
export const VALUE_KINDS = {
  "random segment": { weight: 2, make: (rng: Prng, _valid: string) => randomSegment(rng) },
  "over-long": { weight: 1, make: (rng: Prng, _valid: string) => overLong(rng) },
  number: { weight: 2, make: (rng: Prng, _valid: string) => numberLike(rng) },
  unicode: { weight: 2, make: (rng: Prng, _valid: string) => unicodeText(rng) },
  "control characters": { weight: 1, make: (rng: Prng, _valid: string) => controlCharacters(rng) },
  "bad percent-encoding": { weight: 2, make: (rng: Prng, _valid: string) => badPercent(rng) },
  injection: { weight: 2, make: (rng: Prng, _valid: string) => injection(rng) },
  empty: { weight: 1, make: (rng: Prng, _valid: string) => emptyish(rng) },
  date: { weight: 1, make: (rng: Prng, _valid: string) => dateLike(rng) },
  coordinate: { weight: 1, make: (rng: Prng, _valid: string) => coordinateLike(rng) },
  "key list": { weight: 1, make: (rng: Prng, valid: string) => keyList(rng, valid) },
  "spoiled valid value": { weight: 4, make: (rng: Prng, valid: string) => spoiled(rng, valid) },
} as const;

export type ValueKind = keyof typeof VALUE_KINDS;

const KIND_NAMES = Object.keys(VALUE_KINDS) as ValueKind[];
const TOTAL_WEIGHT = KIND_NAMES.reduce((n, k) => n + VALUE_KINDS[k].weight, 0);

/** A hostile value for a parameter whose valid value is `valid` (as it goes in a URL); which kind it is. */
export function hostileValue(rng: Prng, valid: string): { kind: ValueKind; value: ByteString } {
  let r = rng.next() * TOTAL_WEIGHT;
  for (const kind of KIND_NAMES) {
    r -= VALUE_KINDS[kind].weight;
    if (r < 0) return { kind, value: VALUE_KINDS[kind].make(rng, valid) };
  }
  return { kind: "spoiled valid value", value: spoiled(rng, valid) };
}
