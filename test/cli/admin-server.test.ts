/**
 * The admin endpoint refuses what a web page could send it (src/cli/admin-server.ts): a browser on the same machine
 * reaches 127.0.0.1 too. `lijnwijzer reload` (JSON, no Origin) still reloads.
 */
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type AdminServer, startAdminServer } from "../../src/cli/admin-server.js";

let reloads = 0;
let admin: AdminServer;
afterAll(() => admin?.close());

async function post(headers: Record<string, string>, path = "/reload", method = "POST"): Promise<{ status: number; body: { message?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: admin.port, path, method, headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end("{}");
  });
}

describe("admin endpoint", () => {
  it("admin - a reload without JSON, with an Origin, from a page (Sec-Fetch-Site) or for another Host is refused; lijnwijzer reload's request reloads", async () => {
    admin = await startAdminServer({
      port: 0,
      reload: async () => (reloads++, { ok: true, snapshot: { createdAt: "2026-11-26T00:00:00Z", path: "x" }, workers: 1, ms: 1 }) as never,
      status: () => ({ pid: 1, workers: 1 }),
    });
    const host = `127.0.0.1:${admin.port}`;
    const json = { host, "content-type": "application/json" };
    const refused = [
      await post({ host, "content-type": "text/plain" }),
      await post({ ...json, origin: "https://evil.example" }),
      await post({ ...json, "sec-fetch-site": "cross-site" }),
      await post({ ...json, host: `rebound.evil.example:${admin.port}` }),
      await post({ host, origin: "null" }, "/", "GET"),
    ];
    expect(refused.map((r) => r.status)).toEqual([415, 403, 403, 403, 403]);
    expect(refused[1].body.message).toBe(
      "a request with an Origin header (a web page's) is refused: the admin endpoint answers lijnwijzer reload and curl on this machine",
    );
    expect(reloads).toBe(0);
    const ok = await post({ ...json, "sec-fetch-site": "none" });
    expect([ok.status, reloads]).toEqual([200, 1]);
    expect((await post({ host: `localhost:${admin.port}` }, "/", "GET")).status).toBe(200);
  });
});
