/**
 * docs/ENDPOINTS.md, generated: every path of the two published OpenAPI documents (core and search, as /docs shows
 * them) with its endpoint number of the spec (E1–E20, from the operation's summary), its tag and the file that
 * registers it, then the paths the documents leave out (health, metrics, GTFS-RT, /docs, the demo page). The file of
 * a route is found by its path literal in `app.get("/lijnen/:entiteitnummer", …)` below src/api.
 *
 *   npm run docs:endpoints            writes docs/ENDPOINTS.md
 *   npm run docs:endpoints -- --check exits 1 when docs/ENDPOINTS.md is not what it would write
 *
 * test/scripts/endpoints-doc.test.ts compares the file with this output and checks that each route lives in the
 * folder of its tag (docs/CONTRIBUTING.md, "Adding an endpoint").
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../src/api/app.js";
import { staticNetworkSource } from "../src/api/shared/network-source.js";
import { ensureDemoSnapshot } from "../src/cli/demo-snapshot.js";
import { loadConfig } from "../src/config/load-config.js";
import { loadSnapshot } from "../src/network/snapshot.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const API = join(ROOT, "src/api");
export const ENDPOINTS_FILE = join(ROOT, "docs/ENDPOINTS.md");

/** The folder below src/api where the routes of an OpenAPI tag live. */
export function folderOfTag(tag: string): string {
  return ["zoek", "beheer", "gtfs-rt", "docs"].includes(tag) ? tag : `core/${tag}`;
}

export interface RouteSource {
  /** The path as registered, e.g. "/lijnen/:entiteitnummer/:lijnnummer"; a template's `${…}` parts as written. */
  path: string;
  /** The file below the repository root, e.g. "src/api/core/lijnen/lijnen.ts". */
  file: string;
  /** Whether the literal is the first argument of `app.get(…)`, rather than a path kept in a list or a template. */
  registered: boolean;
}

/**
 * Every route path literal below src/api: the first argument of `app.get(…)`, and in a file that registers routes
 * every other literal with a route parameter (`"/haltes/lijst/:haltesleutels/dienstregelingen"` in a list of paths,
 * a template `/haltes/:entiteitnummer/:haltenummer/${segment}` registered in a loop).
 */
export function routeSources(dir = API): RouteSource[] {
  const out: RouteSource[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      out.push(...routeSources(path));
      continue;
    }
    if (!name.endsWith(".ts")) continue;
    const text = readFileSync(path, "utf8");
    const file = relative(ROOT, path);
    if (!/app\.(?:get|head|post|put|delete|all)\s*[<(]/.test(text)) continue;
    const registered = new Set<string>();
    for (const m of text.matchAll(/app\.(?:get|head|post|put|delete|all)\s*(?:<[^(]*?>)?\(\s*(["`])(\/[^"`]*)\1/g)) registered.add(m[2]);
    const others = new Set<string>();
    for (const m of text.matchAll(/(["`])(\/[A-Za-z0-9/_:${}.-]*:[A-Za-z][^"`]*)\1/g)) if (!registered.has(m[2])) others.add(m[2]);
    for (const path of registered) out.push({ path, file, registered: true });
    for (const path of others) out.push({ path, file, registered: false });
  }
  return out;
}

/** A template literal's `${…}` parts as one path segment each. */
function templateRegex(template: string): RegExp {
  const parts = template.split(/\$\{[^}]*\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

interface Operation {
  /** The document's path, e.g. /DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer}. */
  path: string;
  tag: string;
  summary: string;
}

type OpenApiDoc = { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };

function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => method === "get")
      .map(([, op]) => ({ path, tag: op.tags?.[0] ?? "", summary: op.summary ?? "" })),
  );
}

/** "/DLKernOpenData/api/v1/lijnen/{e}" -> { family: "v1", route: "/lijnen/:e" }, by the prefixes of the configuration. */
function splitPath(path: string, corePrefix: string, searchPrefix: string): { family: string; route: string } {
  for (const [prefix, family] of [
    [`${corePrefix}/api/v1`, "v1"],
    [`${corePrefix}/v1/beta`, "beta"],
    [`${searchPrefix}/v1/beta`, "beta"],
    [`${searchPrefix}/v1`, "v1"],
  ] as const) {
    if (path.startsWith(`${prefix}/`)) return { family, route: path.slice(prefix.length).replace(/\{([^}]+)\}/g, ":$1") };
  }
  return { family: "", route: path.replace(/\{([^}]+)\}/g, ":$1") };
}

export interface EndpointRow {
  endpoint: string;
  /** The path below the family prefix, in OpenAPI form. */
  path: string;
  families: string[];
  tag: string;
  /** The files registering it (one, unless the layout is broken). */
  files: string[];
  part: "core" | "search";
}

/** The rows of the published paths, one per path below the family prefixes, in endpoint then path order. */
export async function endpointRows(): Promise<{ rows: EndpointRow[]; unpublished: RouteSource[] }> {
  const config = loadConfig({ API_KEYS: "endpoints-doc", LOG_LEVEL: "silent" });
  const network = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
  const app = await buildApp({ network: staticNetworkSource(network), config });
  try {
    const docOf = async (prefix: string) => JSON.parse((await app.inject({ url: `${prefix}/openapi.json` })).body) as OpenApiDoc;
    const sources = routeSources();
    // The literal `app.get` registers wins, then a literal in a list of paths, then the templates registered in a loop.
    const filesOf = (route: string) => {
      for (const registered of [true, false]) {
        const exact = new Set(sources.filter((s) => s.registered === registered && s.path === route).map((s) => s.file));
        if (exact.size) return [...exact];
      }
      return [...new Set(sources.filter((s) => s.path.includes(":") && s.path.includes("${") && templateRegex(s.path).test(route)).map((s) => s.file))];
    };
    const rows = new Map<string, EndpointRow>();
    const published = new Set<string>();
    for (const [part, prefix] of [
      ["core", config.corePrefix],
      ["search", config.searchPrefix],
    ] as const) {
      for (const op of operationsOf(await docOf(prefix))) {
        const { family, route } = splitPath(op.path, config.corePrefix, config.searchPrefix);
        published.add(route);
        const key = `${part} ${route}`;
        const row = rows.get(key);
        if (row) {
          if (!row.families.includes(family)) row.families.push(family);
          continue;
        }
        const endpoint = /^(E\d+)\b/.exec(op.summary)?.[1] ?? "";
        const openApiPath = route.replace(/:([A-Za-z]+)/g, "{$1}");
        rows.set(key, { endpoint, path: openApiPath, families: [family], tag: op.tag, files: filesOf(route), part });
      }
    }
    const order = (r: EndpointRow) => (r.endpoint ? Number(r.endpoint.slice(1)) : 1000);
    const sorted = [...rows.values()].sort((a, b) => order(a) - order(b) || a.path.localeCompare(b.path));
    const unpublished = sources.filter((s) => s.registered && !s.path.includes(":") && !/^\/\$\{[^}]*\}$/.test(s.path) && !published.has(s.path));
    return { rows: sorted, unpublished };
  } finally {
    await app.close();
  }
}

/** docs/ENDPOINTS.md as it should read. */
export async function endpointsDoc(): Promise<string> {
  const { rows, unpublished } = await endpointRows();
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const fileCell = (files: string[]) => (files.length ? files.map((f) => `[${f}](../${f})`).join(", ") : "**not found**");
  const out = [
    "# Endpoints",
    "",
    "Every path of the published OpenAPI documents (`{core}/openapi.json` and `{search}/openapi.json`, shown at /docs), with",
    "its endpoint number in the spec (E1–E20, `SERVICE_SPEC.md` part 3), its OpenAPI tag and the file that registers it. A",
    "route lives in the folder of its tag: `src/api/core/<tag>/`, `src/api/zoek/`, `src/api/beheer/` (docs/CONTRIBUTING.md).",
    "Core paths are served below `{core}/api/v1` and `{core}/v1/beta`, search paths below `{search}/v1` and `{search}/v1/beta`",
    "(the families column says which). Generated by `npm run docs:endpoints` from the documents; a test checks it is current.",
    "",
  ];
  for (const part of ["core", "search"] as const) {
    out.push(`## ${part === "core" ? "Core (`{core}`, default /DLKernOpenData)" : "Search (`{search}`, default /DLZoekOpenData)"}`, "");
    out.push(line(["endpoint", "path", "families", "tag", "file"]), line(["---", "---", "---", "---", "---"]));
    for (const r of rows.filter((x) => x.part === part)) {
      out.push(line([r.endpoint || "–", `\`${r.path}\``, r.families.sort().join(", "), r.tag, fileCell(r.files)]));
    }
    out.push("");
  }
  out.push(
    "## Not in the documents",
    "",
    "Paths the published documents leave out. Besides these, under configured or computed paths: `{core}/openapi.json` and",
    "`{search}/openapi.json` ([src/api/docs/openapi.ts](../src/api/docs/openapi.ts)), `/docs` ([src/api/docs/docs.ts](../src/api/docs/docs.ts)),",
    "the GTFS-RT output at `GTFS_RT_PATH`, default `/gtfs/v3/realtime` ([src/api/gtfs-rt/gtfs-realtime.ts](../src/api/gtfs-rt/gtfs-realtime.ts)),",
    "and the demo page's files at `/<file>` ([src/api/docs/web-page.ts](../src/api/docs/web-page.ts)).",
    "",
  );
  out.push(line(["path", "file"]), line(["---", "---"]));
  for (const s of unpublished) out.push(line([`\`${s.path}\``, fileCell([s.file])]));
  out.push("");
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await endpointsDoc();
  if (process.argv.includes("--check")) {
    const current = readFileSync(ENDPOINTS_FILE, "utf8");
    if (current !== text) {
      console.error("docs/ENDPOINTS.md is out of date: run `npm run docs:endpoints`");
      process.exitCode = 1;
    }
  } else {
    writeFileSync(ENDPOINTS_FILE, text);
    console.log(`wrote ${relative(ROOT, ENDPOINTS_FILE)}`);
  }
}
