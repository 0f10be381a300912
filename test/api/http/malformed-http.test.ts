/**
 * Requests Node's HTTP parser refuses never reach a route, a hook or the error handler: only a real socket sends
 * them. They too answer JSON `{statusCode, message}` saying what to fix.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_KEY, type TestServer } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const CORE = "/DLKernOpenData";
let server: TestServer;
let port = 0;

beforeAll(async () => {
  server = await startServer(await suiteNetwork(), {}, () => SUITE_NOW_MS);
  port = Number(new URL(server.origin).port);
});
afterAll(async () => {
  await server?.close();
});


/** Sends `bytes` on a fresh connection; the status and the body of the answer. */
function rawRequest(port: number, bytes: string | Buffer): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (text += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? "";
      resolve({ status, type, body: rest.join("\r\n\r\n") });
    });
    socket.end(bytes);
  });
}

describe("malformed HTTP over a real socket", () => {
  const P = `${CORE}/api/v1/lijnen/3/302`;
  const expectAnswer = async (bytes: string | Buffer, status: number, message: string) => {
    const res = await rawRequest(port, bytes);
    expect([res.status, res.type], String(bytes).slice(0, 80)).toEqual([status, "application/json; charset=utf-8"]);
    expect(JSON.parse(res.body)).toEqual({ statusCode: status, message });
  };

  it("400 - a request Node's parser refuses is {statusCode, message} saying what is wrong, not Fastify's {error: 'Bad Request', message: 'Client Error'}", async () => {
    await expectAnswer(`GET ${P} HTTP/1.1\r\nHost: h\r\nBad Header: 1\r\n\r\n`, 400, "The request is no valid HTTP: a header name or value holds a character HTTP does not allow");
    await expectAnswer(`GET ${CORE}/api/v1/lijnen/3 02 HTTP/1.1\r\nHost: h\r\n\r\n`, 400, "The request is no valid HTTP: the request line does not end in HTTP/1.1: percent-encode spaces in the path");
    await expectAnswer(
      Buffer.concat([Buffer.from(`GET ${CORE}/api/v1/lijnen/`), Buffer.from("é3", "utf8"), Buffer.from("/302 HTTP/1.1\r\nHost: h\r\n\r\n")]),
      400,
      "The request is no valid HTTP: the path holds a character HTTP does not allow: percent-encode spaces, control characters and non-ASCII text",
    );
    await expectAnswer(`G@T ${P} HTTP/1.1\r\nHost: h\r\n\r\n`, 400, "The request is no valid HTTP: the method is no HTTP method");
    await expectAnswer(`GET ${P} HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n`, 400, "The request is no valid HTTP: the server could not parse it (HPE_INVALID_CONTENT_LENGTH)");
  });

  it("431 - headers over 16 KB are {statusCode, message}, not Fastify's body with an error key", async () => {
    await expectAnswer(
      `GET ${P} HTTP/1.1\r\nHost: h\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "The request's headers are too large (more than 16 KB together): send fewer or shorter headers",
    );
  });

  it("400 - an HTTP/1.1 request without Host is {statusCode, message}, not Node's empty 400", async () => {
    await expectAnswer(`GET ${P} HTTP/1.1\r\n\r\n`, 400, "The request has no Host header: HTTP/1.1 requires one, e.g. Host: bus.example.org");
    // HTTP/1.0 has no Host header: links fall back to localhost.
    const res = await rawRequest(port, `GET ${P} HTTP/1.0\r\nOcp-Apim-Subscription-Key: ${TEST_KEY}\r\n\r\n`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).links[0]).toEqual({ rel: "self", url: `http://localhost${P}` });
  });

  it("400 - an absolute-form target or two Host lines: no link is ever built from them (RFC 9112 3.2, 3.2.2)", async () => {
    const key = `Ocp-Apim-Subscription-Key: ${TEST_KEY}\r\n`;
    await expectAnswer(
      `GET http://evil.example${P} HTTP/1.1\r\nHost: a\r\n${key}\r\n`,
      400,
      "The request target is in absolute form (http://host/path): this server is no proxy; send the path, and the host in the Host header",
    );
    await expectAnswer(`GET ${P} HTTP/1.1\r\nHost: a\r\nHost: evil.example\r\n${key}\r\n`, 400, "The request has more than one Host header: send exactly one");
    const one = await rawRequest(port, `GET ${P} HTTP/1.1\r\nHost: a\r\n${key}\r\n`);
    expect(JSON.parse(one.body).links[0]).toEqual({ rel: "self", url: `http://a${P}` });
  });
});
