import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS_FILE, endpointRows, endpointsDoc, folderOfTag, type EndpointRow } from "../../scripts/endpoints-doc.js";

describe("docs/ENDPOINTS.md and the layout of src/api", () => {
  let rows: EndpointRow[];
  beforeAll(async () => {
    ({ rows } = await endpointRows());
  }, 60_000);

  it("endpoints doc - docs/ENDPOINTS.md is what `npm run docs:endpoints` writes from the OpenAPI documents", async () => {
    expect(readFileSync(ENDPOINTS_FILE, "utf8")).toBe(await endpointsDoc());
  }, 60_000);

  it("endpoints doc - it maps E1 to E20 and every published path, each to one file", () => {
    const numbers = new Set(rows.map((r) => r.endpoint).filter(Boolean));
    expect([...numbers].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(Array.from({ length: 20 }, (_, i) => `E${i + 1}`));
    expect(rows.filter((r) => r.files.length !== 1).map((r) => `${r.path}: ${r.files.join(", ") || "no file"}`)).toEqual([]);
  });

  it("layout - each route lives in the folder of its OpenAPI tag (src/api/core/<tag>/, src/api/zoek/, src/api/beheer/)", () => {
    const misplaced = rows
      .filter((r) => !r.files[0]?.startsWith(`src/api/${folderOfTag(r.tag)}/`))
      .map((r) => `${r.path} (tag ${r.tag}) in ${r.files[0]}`);
    expect(misplaced).toEqual([]);
    expect(rows.length).toBeGreaterThan(50);
  });
});
