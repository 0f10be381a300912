/**
 * A URL as a message, a log line or /health may show it: a subscription key often travels in the query string or
 * as `user:password@`, so the user and password are left out and every query value is replaced by "…"
 * (`https://api.example.org/rt?key=…&format=…`). Text that is no URL shows as "(an invalid URL)", never as itself.
 */
export function redactUrl(url: string | URL): string {
  let u: URL;
  try {
    u = typeof url === "string" ? new URL(url) : url;
  } catch {
    return "(an invalid URL)";
  }
  const query = [...u.searchParams.keys()].map((k) => `${k}=…`).join("&");
  return `${u.protocol}//${u.host}${u.pathname}${query ? `?${query}` : ""}`;
}
