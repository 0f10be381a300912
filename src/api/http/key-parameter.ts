/**
 * The subscription key in a query string. One spelling is the key (the operator's gateway: `subscription-key`,
 * lowercase, its name not percent-encoded), read from the raw URL, not from the parsed query (whose parser decodes
 * names, so that `subscription%2Dkey` or `%73ubscription-key` would pass). Every other parameter that looks like a
 * key (`Subscription-Key`, `subscription-key[]`, `?subscription-key` after a doubled `?`, a percent-encoded name)
 * is no key: it authenticates nothing, and yet is treated as a secret, never logged in clear nor copied into a link.
 */

export const SUBSCRIPTION_KEY_QUERY = "subscription-key";

const KEY_PREFIX = `${SUBSCRIPTION_KEY_QUERY}=`;

/**
 * The value of the first `subscription-key=` parameter of a URL (percent-decoded; `+` is a space), undefined when
 * there is none. An empty value is "".
 */
export function queryKey(url: string): string | undefined {
  const q = url.indexOf("?");
  if (q < 0) return undefined;
  let at = url.indexOf(KEY_PREFIX, q + 1);
  // The parameter's name must start the query or follow an "&": not "xsubscription-key=".
  while (at >= 0 && at !== q + 1 && url.charCodeAt(at - 1) !== 38 /* & */) at = url.indexOf(KEY_PREFIX, at + 1);
  if (at < 0) return undefined;
  const start = at + KEY_PREFIX.length;
  const end = url.indexOf("&", start);
  const raw = url.slice(start, end < 0 ? undefined : end);
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/** Whether a raw query parameter name looks like a key: its letters, decoded and lowercased, hold "subscriptionkey". */
export function isKeyLikeName(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, " "));
  } catch {
    // Not valid percent-encoding: judged as sent.
  }
  return name.toLowerCase().replace(/[^a-z]/g, "").includes("subscriptionkey");
}

/** Whether a URL's query may hold a key-like parameter: the cheap test before splitting it. */
function mayHoldKey(query: string): boolean {
  return /subscription|%/i.test(query);
}

/** The URL with the value of every key-like query parameter replaced by `***`: for the log. */
export function maskKeyParameters(url: string): string {
  return rewriteQuery(url, (part, name) => (isKeyLikeName(name) ? `${name}=***` : part));
}

/** The URL without its key-like query parameters (and without empty ones): for links. */
export function dropKeyParameters(url: string): string {
  return rewriteQuery(url, (part, name) => (part === "" || isKeyLikeName(name) ? undefined : part));
}

function rewriteQuery(url: string, each: (part: string, rawName: string) => string | undefined): string {
  const q = url.indexOf("?");
  if (q < 0 || !mayHoldKey(url.slice(q + 1))) return url;
  const kept: string[] = [];
  for (const part of url.slice(q + 1).split("&")) {
    const eq = part.indexOf("=");
    const out = each(part, eq < 0 ? part : part.slice(0, eq));
    if (out !== undefined) kept.push(out);
  }
  return kept.length === 0 ? url.slice(0, q) : `${url.slice(0, q)}?${kept.join("&")}`;
}
