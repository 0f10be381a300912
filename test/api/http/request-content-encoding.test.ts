/**
 * A request's Content-Encoding (docs/COMPATIBILITY.md O29): no route takes a body, so its encoding is not looked at
 * and the answer is the route's, as without the header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_KEY, type TestServer } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer(await suiteNetwork(), {}, () => SUITE_NOW_MS);
});
afterAll(() => server.close());

describe("request content encoding", () => {
  it("request content encoding - an unknown or a broken encoding of a body nobody reads changes nothing", async () => {
    const url = "/DLKernOpenData/api/v1/lijnen/3/302";
    const plain = await server.app.inject({ url, headers: { "ocp-apim-subscription-key": TEST_KEY } });
    expect(plain.statusCode).toBe(200);
    for (const [encoding, payload] of [["foo", undefined], ["gzip", "not gzip"], ["br", "x"]] as const) {
      const res = await server.app.inject({
        url,
        headers: { "ocp-apim-subscription-key": TEST_KEY, "content-encoding": encoding, "content-type": "application/json" },
        payload,
      });
      expect([encoding, res.statusCode, res.body]).toEqual([encoding, 200, plain.body]);
    }
  });
});
