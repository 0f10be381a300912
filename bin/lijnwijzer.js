#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm run build`, run by `npm ci` through `prepare`).
import { main } from "../dist/cli/main.js";

main(process.argv.slice(2)).then(
  (code) => {
    if (typeof code === "number") process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
