/**
 * Builds the demo page (web/) into dist/web, which src/api/docs/web-page.ts serves at `/`: `npm run build:web`,
 * run by `npm run build` and by `npm ci` (prepare).
 *
 * - Relative asset URLs (base "./"), so the page also works below a path a reverse proxy adds.
 * - No source maps and no framework: the page is a few kilobytes of plain TypeScript and DOM; the build prints its
 *   gzip size (README, "Demo page").
 * - Written beside dist/web and swapped in by two renames at the end: a server or a browser test running meanwhile
 *   (several test runs share this tree) never finds the folder half empty, as Vite's own emptyOutDir would leave it.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const finalDir = join(root, "dist/web");
const buildDir = join(root, `dist/.web-build-${process.pid}`);

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Moves the finished build to dist/web and prints the page's size, raw and gzipped (level 9, as a server would). */
function swapIntoPlace(): Plugin {
  return {
    name: "lijnwijzer-swap-into-place",
    apply: "build",
    closeBundle() {
      const files = filesBelow(buildDir);
      let raw = 0;
      let gzip = 0;
      for (const f of files) {
        const bytes = readFileSync(f);
        raw += bytes.length;
        gzip += gzipSync(bytes, { level: 9 }).length;
      }
      const old = join(root, `dist/.web-old-${process.pid}`);
      try {
        renameSync(finalDir, old);
      } catch {
        // first build: nothing to move away
      }
      renameSync(buildDir, finalDir);
      rmSync(old, { recursive: true, force: true });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      const names = files.map((f) => relative(buildDir, f)).sort().join(", ");
      console.log(`demo page: dist/web, ${files.length} files (${names}), ${kb(raw)}, gzip ${kb(gzip)}`);
    },
  };
}

export default defineConfig({
  root: join(root, "web"),
  base: "./",
  publicDir: join(root, "web/public"),
  logLevel: "warn",
  build: {
    outDir: buildDir,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // Every asset stays a file of its own, named by its hash and cached for a year, never a data: URI.
    assetsInlineLimit: 0,
  },
  plugins: [swapIntoPlace()],
});
