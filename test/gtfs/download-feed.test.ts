import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { downloadFeed } from "../../src/gtfs/download-feed.js";
import { redactUrl } from "../../src/lib/redact-url.js";
import { freePort } from "../../bench/lib/free-port.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback server whose answer each test sets; it keeps the requests it saw. */
async function loopbackServer(): Promise<{ server: Server; origin: string; handle: (h: Handler) => void; seen: IncomingMessage[] }> {
  let handler: Handler = (_req, res) => res.end();
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handle: (h) => (handler = h), seen };
}

const body = Buffer.from("PK\u0003\u0004 a zip, or what passes for one here ".repeat(100));
const limits = { maxBytes: 1 << 20, timeoutMs: 2000 };

let main: Awaited<ReturnType<typeof loopbackServer>>;
let other: Awaited<ReturnType<typeof loopbackServer>>;
let dir: string;
let dest: string;

beforeAll(async () => {
  main = await loopbackServer();
  other = await loopbackServer();
});
afterAll(() => {
  for (const s of [main, other]) {
    s.server.closeAllConnections();
    s.server.close();
  }
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "lw-download-"));
  dest = join(dir, "feed.zip");
  writeFileSync(dest, "the last good copy");
  main.seen.length = 0;
  other.seen.length = 0;
});

/** The destination holds the last good copy and nothing was left beside it. */
function untouched(): void {
  expect(readFileSync(dest, "utf8")).toBe("the last good copy");
  expect(readdirSync(dir)).toEqual(["feed.zip"]);
}

describe("downloadFeed", () => {
  it("downloadFeed - writes the body in place and returns its ETag and Last-Modified; the same validators then give not-modified (304)", async () => {
    const etag = '"v1"';
    const lastModified = "Tue, 10 Mar 2026 08:00:00 GMT";
    main.handle((req, res) => {
      if (req.headers["if-none-match"] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { "content-length": body.length, etag, "last-modified": lastModified }).end(body);
    });
    const got = await downloadFeed(`${main.origin}/feed.zip`, dest, { ...limits, headers: { "Ocp-Apim-Subscription-Key": "k1" } });
    expect(got).toEqual({ status: "downloaded", bytes: body.length, etag, lastModified });
    expect(readFileSync(dest)).toEqual(body);
    expect(main.seen[0].headers["ocp-apim-subscription-key"]).toBe("k1");

    writeFileSync(dest, "the last good copy");
    expect(await downloadFeed(`${main.origin}/feed.zip`, dest, { ...limits, etag, lastModified })).toEqual({ status: "not-modified" });
    expect(main.seen[1].headers["if-none-match"]).toBe(etag);
    expect(main.seen[1].headers["if-modified-since"]).toBe(lastModified);
    untouched();
  });

  it("downloadFeed - a body without Content-Length is taken whole (chunked)", async () => {
    main.handle((_req, res) => {
      res.write(body.subarray(0, 100));
      setTimeout(() => res.end(body.subarray(100)), 20);
    });
    expect(await downloadFeed(`${main.origin}/feed.zip`, dest, limits)).toEqual({ status: "downloaded", bytes: body.length });
    expect(readFileSync(dest)).toEqual(body);
  });

  it("downloadFeed - follows redirects; the headers go to the URL's own origin only", async () => {
    main.handle((req, res) => {
      if (req.url === "/latest") return void res.writeHead(302, { location: "/dated/2026-03-10.zip" }).end();
      if (req.url === "/dated/2026-03-10.zip") return void res.writeHead(301, { location: `${other.origin}/cdn.zip` }).end();
      res.writeHead(404).end();
    });
    other.handle((_req, res) => res.writeHead(200, { "content-length": body.length }).end(body));
    const got = await downloadFeed(`${main.origin}/latest`, dest, { ...limits, headers: { authorization: "Bearer secret" } });
    expect(got.status).toBe("downloaded");
    expect(main.seen.map((r) => r.headers.authorization)).toEqual(["Bearer secret", "Bearer secret"]);
    expect(other.seen[0].headers.authorization).toBeUndefined();
  });

  it("downloadFeed - too many redirects, a 5xx and a 404 say so and keep the last good copy", async () => {
    main.handle((req, res) => {
      if (req.url === "/loop") return void res.writeHead(302, { location: "/loop" }).end();
      if (req.url === "/down") return void res.writeHead(503, "Service Unavailable").end("down");
      res.writeHead(404, "Not Found").end();
    });
    await expect(downloadFeed(`${main.origin}/loop`, dest, limits)).rejects.toThrow(`Feed ${main.origin}/loop cannot be downloaded: more than 5 redirects`);
    await expect(downloadFeed(`${main.origin}/down`, dest, limits)).rejects.toThrow(`Feed ${main.origin}/down cannot be downloaded: HTTP 503 Service Unavailable`);
    await expect(downloadFeed(`${main.origin}/gone.zip`, dest, limits)).rejects.toThrow("HTTP 404 Not Found");
    untouched();
  });

  it("downloadFeed - refuses a body over maxBytes, by its Content-Length or once that many bytes came", async () => {
    main.handle((req, res) => {
      if (req.url === "/announced") return void res.writeHead(200, { "content-length": body.length }).end(body);
      res.write(body);
      res.end(body);
    });
    const small = { ...limits, maxBytes: body.length + 10 };
    await expect(downloadFeed(`${main.origin}/announced`, dest, { ...small, maxBytes: 1000 })).rejects.toThrow(
      `too large: ${body.length.toLocaleString("en")} bytes, over the limit of 1,000 bytes`,
    );
    await expect(downloadFeed(`${main.origin}/chunked`, dest, small)).rejects.toThrow(`too large: over the limit of ${(body.length + 10).toLocaleString("en")} bytes`);
    untouched();
  });

  it("downloadFeed - a body cut short of its Content-Length is truncated and never put in place", async () => {
    main.handle((_req, res) => {
      res.writeHead(200, { "content-length": body.length });
      res.write(body.subarray(0, 500), () => setTimeout(() => res.socket?.destroy(), 20));
    });
    await expect(downloadFeed(`${main.origin}/feed.zip`, dest, limits)).rejects.toThrow(
      `truncated: the connection closed after 500 bytes of ${body.length.toLocaleString("en")}`,
    );
    untouched();
  });

  it("downloadFeed - a server that does not answer, or stalls in the body, is a timeout", async () => {
    main.handle((req, res) => {
      if (req.url === "/silent") return; // never answers
      res.writeHead(200, { "content-length": body.length });
      res.write(body.subarray(0, 100)); // then nothing
    });
    const quick = { ...limits, timeoutMs: 300 };
    await expect(downloadFeed(`${main.origin}/silent`, dest, quick)).rejects.toThrow(`Feed ${main.origin}/silent cannot be downloaded: no answer within 0.3 s (timeout)`);
    await expect(downloadFeed(`${main.origin}/stall`, dest, quick)).rejects.toThrow(
      `timeout: the body stalled for 0.3 s after 100 bytes of ${body.length.toLocaleString("en")}`,
    );
    untouched();
  });

  it("downloadFeed - a closed port is a refused connection; a URL other than http(s) is refused before any request", async () => {
    const port = await freePort();
    await expect(downloadFeed(`http://127.0.0.1:${port}/feed.zip`, dest, limits)).rejects.toThrow(
      `Feed http://127.0.0.1:${port}/feed.zip cannot be downloaded: connection refused`,
    );
    await expect(downloadFeed("ftp://127.0.0.1/feed.zip", dest, limits)).rejects.toThrow("only http:// and https:// URLs are fetched, not ftp://");
    await expect(downloadFeed("file:///etc/passwd", dest, limits)).rejects.toThrow("only http:// and https:// URLs are fetched, not file://");
    await expect(downloadFeed("not a url", dest, limits)).rejects.toThrow("it is no valid URL");
    untouched();
  });

  it("downloadFeed - the message names the URL without its user, password or query values", async () => {
    main.handle((req, res) => {
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from("user:s3cret").toString("base64")}`);
      res.writeHead(500, "Internal Server Error").end();
    });
    const host = main.origin.slice("http://".length);
    const err = await downloadFeed(`http://user:s3cret@${host}/feed.zip?apikey=abc123&v=2`, dest, limits).catch((e: Error) => e);
    expect((err as Error).message).toBe(`Feed http://${host}/feed.zip?apikey=…&v=… cannot be downloaded: HTTP 500 Internal Server Error`);
    expect((err as Error & { code: string }).code).toBe("LW_FEED_DOWNLOAD");
    expect(redactUrl(`https://u:p@example.org/a?key=x`)).toBe("https://example.org/a?key=…");
    expect(existsSync(dest)).toBe(true);
  });
});
