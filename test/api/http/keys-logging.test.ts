/**
 * A subscription key never reaches the log: not the header (Fastify does not log headers), not the query
 * parameter (auth.ts's request serializer replaces its value), not for a wrong key, a 404 or a 400.
 */
import { describe, expect, it } from "vitest";
import { maskKeyParameters as withoutKey } from "../../../src/api/http/key-parameter.js";
import { keysFileWith, logLines, quotaApp, V1 } from "../quota/support/quota-fixtures.js";

describe("keys in the log", () => {
  it("maskKeyParameters - replaces the value of every parameter that looks like a key, nothing else", () => {
    expect(withoutKey("/a/b")).toBe("/a/b");
    expect(withoutKey("/a?datum=2026-03-10")).toBe("/a?datum=2026-03-10");
    expect(withoutKey("/a?subscription-key=s3cret&x=1")).toBe("/a?subscription-key=***&x=1");
    expect(withoutKey("/a?x=1&Subscription-Key=s3cret")).toBe("/a?x=1&Subscription-Key=***");
    expect(withoutKey("/a?subscription%2Dkey=s3cret&subscription-key=again")).toBe("/a?subscription%2Dkey=***&subscription-key=***");
    expect(withoutKey("/a?subscription-key")).toBe("/a?subscription-key=***");
    expect(withoutKey("/a?%zz=1&subscription-key=s3cret")).toBe("/a?%zz=1&subscription-key=***");
    expect(withoutKey("/a??subscription-key=s3cret")).toBe("/a??subscription-key=***");
    expect(withoutKey("/a?subscription-key[]=s3cret")).toBe("/a?subscription-key[]=***");
    expect(withoutKey("/a?%73ubscription-key=s3cret")).toBe("/a?%73ubscription-key=***");
  });

  it("request log - at LOG_LEVEL=info no line holds a key, given in the header or the query, right or wrong", async () => {
    const KEYS_FILE = keysFileWith({ p: { perMinute: 100, perDay: 1000 } }, { "good-s3cret-key": { product: "p" } });
    const log = logLines();
    const app = await quotaApp({ KEYS_FILE, API_KEYS: "plain-s3cret-key", LOG_LEVEL: "info" }, undefined, log);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const statuses = [];
      for (const [path, headers] of [
        [`${V1}/entiteiten/3?subscription-key=good-s3cret-key`, {}],
        [`${V1}/entiteiten/3?subscription-key=plain-s3cret-key`, {}],
        [`${V1}/entiteiten/3?subscription%2Dkey=good-s3cret-key`, {}],
        [`${V1}/entiteiten/3??subscription-key=good-s3cret-key`, {}],
        [`${V1}/entiteiten/3?subscription-key[]=good-s3cret-key`, {}],
        [`${V1}/entiteiten/3?subscription-key=wrong-s3cret-key`, {}],
        [`${V1}/entiteiten/x?subscription-key=good-s3cret-key`, {}],
        [`/nothing?subscription-key=good-s3cret-key`, {}],
        [`${V1}/entiteiten/3`, { "ocp-apim-subscription-key": "good-s3cret-key" }],
      ] as const) {
        statuses.push((await fetch(`${origin}${path}`, { headers })).status);
      }
      // Only the documented spelling is a key: a percent-encoded or decorated name authenticates nothing.
      expect(statuses).toEqual([200, 200, 401, 401, 401, 401, 400, 404, 200]);
      const text = log.lines.join("");
      expect(text).toContain('"url":"/DLKernOpenData/api/v1/entiteiten/3?subscription-key=***"');
      expect(text).toContain('"url":"/DLKernOpenData/api/v1/entiteiten/3?subscription%2Dkey=***"');
      expect(text).toContain('"url":"/DLKernOpenData/api/v1/entiteiten/3??subscription-key=***"');
      expect(text).toContain('"url":"/DLKernOpenData/api/v1/entiteiten/3?subscription-key[]=***"');
      expect(text).not.toMatch(/s3cret/);
    } finally {
      await app.close();
    }
  });
});
