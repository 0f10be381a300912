/**
 * The OpenAPI documents as /docs shows them (docs/COMPATIBILITY.md W3): every operation of both documents has a description and an
 * example of its 200 answer that validates against its response schema, and the examples in
 * data/demo/openapi-examples.json are what the demo network answers today. After a change of an answer, rewrite
 * them with `npx vitest run test/api/docs/docs-examples.test.ts -u` (and run it once more: the app reads the file when
 * it starts).
 */
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsPlugin from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { OPENAPI_EXAMPLES_PATH } from "../../../src/api/docs/openapi.js";
import { type AppConfig, loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { collectExamples, formatExamples, type OpenApiOperation, operationsOf } from "../support/docs-examples.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

interface Operation {
  summary?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }> }>;
}
type Doc = { paths: Record<string, { get?: Operation }> };

let net: Network;
let config: AppConfig;
let app: FastifyInstance;
const docs: Record<string, Doc> = {};
let ops: OpenApiOperation[];

beforeAll(async () => {
  net = await suiteNetwork();
  config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" });
  app = await buildApp({ network: staticNetworkSource(net), config, clock: () => SUITE_NOW_MS });
  for (const prefix of [config.corePrefix, config.searchPrefix]) {
    const res = await app.inject({ url: `${prefix}/openapi.json` });
    expect(res.statusCode).toBe(200);
    docs[prefix] = res.json() as Doc;
  }
  ops = Object.values(docs).flatMap((doc) => operationsOf(doc));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The examples of an operation's 200 answer, however the generator put them (example or examples). */
function examplesOf(op: Operation): unknown[] {
  const media = op.responses["200"]?.content?.["application/json"];
  if (!media) return [];
  return [...(media.example === undefined ? [] : [media.example]), ...Object.values(media.examples ?? {}).map((e) => e.value)];
}

describe("OpenAPI examples and descriptions", () => {
  it("docs - both documents have operations: the core part's two families and /health, the search part's", () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(operationsOf(docs[config.searchPrefix]).map((o) => o.path)).toContain(`${config.searchPrefix}/v1/zoek/haltes/{zoekArgument}`);
  });

  it("docs - data/demo/openapi-examples.json holds the demo network's answers (rewrite: npx vitest run test/api/docs/docs-examples.test.ts -u)", async () => {
    const examples = await collectExamples(app, net, config, ops);
    expect(Object.keys(examples)).toHaveLength(ops.length);
    await expect(formatExamples(examples)).toMatchFileSnapshot(fileURLToPath(OPENAPI_EXAMPLES_PATH));
  });

  it("docs - every operation of both documents has a summary, a description and at least one example", () => {
    const missing: string[] = [];
    for (const [prefix, doc] of Object.entries(docs)) {
      for (const [path, { get }] of Object.entries(doc.paths)) {
        if (!get) continue;
        if (!get.summary?.trim()) missing.push(`${prefix}: ${path} has no summary`);
        if (!get.description?.trim()) missing.push(`${prefix}: ${path} has no description`);
        if (examplesOf(get).length === 0) missing.push(`${prefix}: ${path} has no example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("docs - every example validates against the response schema of its operation", () => {
    // strict off: the documents carry OpenAPI keywords (example, nullable) that are not JSON Schema.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const failures: string[] = [];
    let checked = 0;
    for (const doc of Object.values(docs)) {
      for (const [path, { get }] of Object.entries(doc.paths)) {
        if (!get) continue;
        const schema = get.responses["200"]?.content?.["application/json"]?.schema;
        if (!schema) continue;
        const validate = ajv.compile(schema);
        for (const example of examplesOf(get)) {
          checked++;
          if (!validate(example)) failures.push(`${path}: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 400)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(ops.length);
  });
});
