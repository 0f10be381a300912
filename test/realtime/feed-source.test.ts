import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import {
  type FeedFetch,
  FeedFetchError,
  type FeedSource,
  fileFeedSource,
  functionFeedSource,
  urlFeedSource,
} from "../../src/realtime/feed-source.js";
import type { RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { redactUrl } from "../../src/lib/redact-url.js";
import { type MisbehavingServer, startMisbehavingServer, unreachableUrl } from "./support/misbehaving-server.js";

const context = { network: {} as Network, nowMs: 0 };
const message: RtFeedMessage = {
  header: { gtfsRealtimeVersion: "2.0", timestamp: 1_773_126_000 },
  entity: [{ id: "a", tripUpdate: { trip: { tripId: "t1" }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay: 60 } }] } }],
};
const bytes = encodeFeedMessage(message);

let server: MisbehavingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const url = (u: string, p: Partial<Parameters<typeof urlFeedSource>[0]> = {}) =>
  urlFeedSource({ name: "feed", url: u, intervalMs: 1000, timeoutMs: 300, maxBytes: 100_000, ...p });

/** The FeedFetchError a poll rejects with. */
async function fault(source: FeedSource): Promise<FeedFetchError> {
  try {
    await source.fetch(context);
  } catch (e) {
    expect(e).toBeInstanceOf(FeedFetchError);
    return e as FeedFetchError;
  }
  throw new Error("the poll succeeded");
}

describe("urlFeedSource", () => {
  it("urlFeedSource - answers the body's bytes and sends the configured headers", async () => {
    server = await startMisbehavingServer({ kind: "serve", bytes });
    const got = await url(server.url, { headers: { "Ocp-Apim-Subscription-Key": "k123" } }).fetch(context);
    expect(got).toEqual({ kind: "bytes", bytes: new Uint8Array(bytes) });
    expect(server.requests[0]["ocp-apim-subscription-key"]).toBe("k123");
    expect(server.requests[0].accept).toContain("application/x-protobuf");
  });

  it("urlFeedSource - sends the ETag back and answers unchanged on 304", async () => {
    server = await startMisbehavingServer({ kind: "serve", bytes, etag: '"v1"' });
    const source = url(server.url);
    expect((await source.fetch(context)).kind).toBe("bytes");
    expect(await source.fetch(context)).toEqual({ kind: "unchanged" });
    expect(server.requests[1]["if-none-match"]).toBe('"v1"');
    server.behaviour = { kind: "serve", bytes, etag: '"v2"' };
    expect((await source.fetch(context)).kind).toBe("bytes");
  });

  it("urlFeedSource - a server that is not there is unreachable, named without the query's values", async () => {
    const e = await fault(url(await unreachableUrl()));
    expect(e.kind).toBe("unreachable");
    expect(e.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+\/feed: ECONNREFUSED$/);
    server = await startMisbehavingServer({ kind: "reset" });
    const reset = await fault(url(server.url));
    expect(reset.kind).toBe("unreachable");
    expect(reset.message).not.toContain("secret");
  });

  it("urlFeedSource - no answer, or a body that trickles, ends at the timeout", async () => {
    server = await startMisbehavingServer({ kind: "hang" });
    const started = Date.now();
    const e = await fault(url(server.url, { timeoutMs: 200 }));
    expect(e.kind).toBe("timeout");
    expect(e.message).toMatch(/^no complete answer from http:\/\/127\.0\.0\.1:\d+\/gtfs-rt\/tripupdates\?key=… within 0\.2 s$/);
    server.behaviour = { kind: "trickle", everyMs: 20 };
    expect((await fault(url(server.url, { timeoutMs: 200 }))).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("urlFeedSource - an answer other than 200 is an HTTP status fault", async () => {
    server = await startMisbehavingServer({ kind: "status", status: 503 });
    const e = await fault(url(server.url));
    expect(e.kind).toBe("http_status");
    expect(e.message).toMatch(/^HTTP 503 Service Unavailable from http:\/\/127\.0\.0\.1:\d+\/gtfs-rt\/tripupdates\?key=…$/);
  });

  it("urlFeedSource - a body over maxBytes is refused, announced or streamed", async () => {
    server = await startMisbehavingServer({ kind: "huge", bytes: 5_000_000 });
    const streamed = await fault(url(server.url, { maxBytes: 1_000_000, timeoutMs: 5000 }));
    expect(streamed.kind).toBe("too_large");
    expect(streamed.message).toContain("sent more than 1000000 bytes, more than the maximum of 1000000 (REALTIME_MAX_BYTES): refused");
    server.behaviour = { kind: "huge", bytes: 5_000_000, announce: true };
    const announced = await fault(url(server.url, { maxBytes: 1_000_000, timeoutMs: 5000 }));
    expect(announced.message).toContain("announces 5000000 bytes");
  });
});

describe("fileFeedSource", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "lw-feed-"));

  it("fileFeedSource - reads the file, answers unchanged until it is rewritten", async () => {
    const path = join(dir(), "feed.pb");
    writeFileSync(path, bytes);
    const source = fileFeedSource({ name: "f", path, intervalMs: 1000, maxBytes: 100_000 });
    expect(await source.fetch(context)).toEqual({ kind: "bytes", bytes: new Uint8Array(bytes) });
    expect(await source.fetch(context)).toEqual({ kind: "unchanged" });
    writeFileSync(`${path}.tmp`, bytes.subarray(0, 10));
    renameSync(`${path}.tmp`, path);
    expect(await source.fetch(context)).toEqual({ kind: "bytes", bytes: new Uint8Array(bytes.subarray(0, 10)) });
  });

  it("fileFeedSource - a missing file is a read error; one over maxBytes is refused unread", async () => {
    const path = join(dir(), "feed.pb");
    const e = await fault(fileFeedSource({ name: "f", path, intervalMs: 1000, maxBytes: 100 }));
    expect([e.kind, e.message]).toEqual(["read_error", `${path} does not exist`]);
    writeFileSync(path, new Uint8Array(101));
    const big = await fault(fileFeedSource({ name: "f", path, intervalMs: 1000, maxBytes: 100 }));
    expect([big.kind, big.message]).toEqual(["too_large", `${path} holds 101 bytes, more than the maximum of 100 (REALTIME_MAX_BYTES): refused`]);
  });

  it("fileFeedSource - the watch calls back when the file is replaced by a rename", async () => {
    const d = dir();
    const path = join(d, "feed.pb");
    writeFileSync(path, bytes);
    const source = fileFeedSource({ name: "f", path, intervalMs: 60_000, maxBytes: 100_000 });
    const changed = new Promise<void>((resolve) => {
      const unwatch = source.watch!(() => {
        unwatch();
        resolve();
      });
    });
    writeFileSync(join(d, "next.tmp"), bytes);
    renameSync(join(d, "next.tmp"), path);
    await changed;
  });
});

describe("functionFeedSource", () => {
  it("functionFeedSource - answers the message or the bytes produced; a throw is a producer error", async () => {
    const seen: number[] = [];
    const asMessage = functionFeedSource({ name: "sim", intervalMs: 1000, maxBytes: 100_000, produce: (c) => (seen.push(c.nowMs), message) });
    expect(await asMessage.fetch({ ...context, nowMs: 42 })).toEqual({ kind: "message", message } satisfies FeedFetch);
    expect(seen).toEqual([42]);
    const asBytes = functionFeedSource({ name: "sim", intervalMs: 1000, maxBytes: 100_000, produce: () => bytes });
    expect(await asBytes.fetch(context)).toEqual({ kind: "bytes", bytes });
    const broken = functionFeedSource({ name: "sim", intervalMs: 1000, maxBytes: 100_000, produce: () => { throw new Error("no trips"); } });
    const e = await fault(broken);
    expect([e.kind, e.message]).toEqual(["producer_error", "sim failed: no trips"]);
  });
});

describe("urlFeedSource credentials", () => {
  let other: MisbehavingServer | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it("urlFeedSource - a redirect to another origin gets neither the configured headers nor the URL's user and password", async () => {
    other = await startMisbehavingServer({ kind: "serve", bytes });
    // 127.0.0.1 and localhost are two origins (RFC 6454: the host is compared as written), one machine.
    const elsewhere = other.url.replace("127.0.0.1", "localhost");
    server = await startMisbehavingServer({ kind: "redirect", location: elsewhere });
    const withUser = server.url.replace("http://", "http://reader:s3cret@");
    const got = await url(withUser, { headers: { "Ocp-Apim-Subscription-Key": "k123" } }).fetch(context);
    expect(got).toEqual({ kind: "bytes", bytes: new Uint8Array(bytes) });
    expect(server.requests[0]["ocp-apim-subscription-key"]).toBe("k123");
    expect(server.requests[0].authorization).toBe(`Basic ${Buffer.from("reader:s3cret").toString("base64")}`);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]["ocp-apim-subscription-key"]).toBeUndefined();
    expect(other.requests[0].authorization).toBeUndefined();
  });

  it("urlFeedSource - a redirect within the origin keeps the headers; a redirect loop ends after 5 with the URL redacted", async () => {
    server = await startMisbehavingServer({ kind: "redirect", location: "/moved?key=again" });
    const source = url(server.url.replace("http://", "http://reader:s3cret@"), { headers: { "Ocp-Apim-Subscription-Key": "k123" } });
    const e = await fault(source);
    expect(e.kind).toBe("http_status");
    expect(e.message).toMatch(/^more than 5 redirects from http:\/\/127\.0\.0\.1:\d+\/gtfs-rt\/tripupdates\?key=…$/);
    expect(server.requests).toHaveLength(6);
    expect(server.requests.every((h) => h["ocp-apim-subscription-key"] === "k123" && h.authorization !== undefined)).toBe(true);
    expect(source.location).not.toContain("s3cret");
    expect(source.location).not.toContain("secret");
  });

  it("urlFeedSource - an unreachable feed with a password in its URL is named without it", async () => {
    const e = await fault(url((await unreachableUrl()).replace("http://", "http://reader:s3cret@") + "?key=k123"));
    expect(e.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+\/feed\?key=…: ECONNREFUSED$/);
  });
});

describe("redactUrl", () => {
  it("redactUrl - leaves out query values, user and password", () => {
    expect(redactUrl("https://user:pw@api.example.org/rt/trips?key=abc&format=pb")).toBe("https://api.example.org/rt/trips?key=…&format=…");
    expect(redactUrl("http://localhost:8080/feed")).toBe("http://localhost:8080/feed");
    expect(redactUrl("not a url with a key")).toBe("(an invalid URL)");
  });
});
