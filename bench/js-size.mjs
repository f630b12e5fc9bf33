#!/usr/bin/env node
// `npm run bench:js-size`: first-load JavaScript of the directory, profile and apply pages, gzipped,
// checked against the budgets. First-load JS is every script file the page's HTML loads; the files
// are read from the build and gzipped here, so the figure does not depend on the server's encoding.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { DEFAULT_SERVER_URL, withSmallApp } from "./lib/app-for-tools.mjs";
import { writeSection } from "./lib/report.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    "app-dir": { type: "string", default: root },
    port: { type: "string", default: "3210" },
    out: { type: "string", default: path.join(root, "docs", "benchmarks.md") },
    "no-write": { type: "boolean", default: false },
  },
  strict: true,
});

const BUDGETS_KB = { directory: 120, profile: 120, apply: 180 };

// Scripts marked noModule are legacy polyfills that browsers with module support never fetch.
function scriptsOf(html) {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\snomodule\b/i.test(tag))
    .map((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1])
    .filter((src) => src?.startsWith("/_next/static/"));
}

function gzipKb(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

const staticDir = path.join(path.resolve(args["app-dir"]), ".next", "static");
const rows = await withSmallApp({ root, appDir: args["app-dir"], port: Number(args.port), serverUrl: DEFAULT_SERVER_URL }, async ({ baseUrl, slug }) => {
  const pages = { directory: "/providers", profile: `/providers/${slug}`, apply: "/apply" };
  const result = [];
  for (const [name, url] of Object.entries(pages)) {
    const html = await (await fetch(baseUrl + url)).text();
    const files = [...new Set(scriptsOf(html))].map((src) => path.join(staticDir, decodeURIComponent(src.replace(/^\/_next\/static\//, "").split("?")[0])));
    const kb = files.reduce((sum, f) => sum + gzipKb(f), 0);
    result.push({ name, url, files: files.length, kb, budget: BUDGETS_KB[name], ok: kb <= BUDGETS_KB[name] });
  }
  return result;
});

// The analytics beacon's own code (issue 29: at most 1 KB), bundled alone and minified with React
// left out, since every page loads React already: what the beacon adds to the directory and profile.
const BEACON_BUDGET_BYTES = 1024;
const beacon = await build({
  entryPoints: [path.join(root, "components", "analytics", "analytics-beacon.tsx")],
  bundle: true,
  minify: true,
  write: false,
  format: "esm",
  jsx: "automatic",
  target: "es2022",
  external: ["react", "react/jsx-runtime"],
});
const beaconBytes = zlib.gzipSync(beacon.outputFiles[0].contents, { level: 9 }).length;

const table = [
  "| page | scripts | first-load JS (gzip) | budget | within |",
  "|---|---:|---:|---:|---|",
  ...rows.map((r) => `| ${r.name} (${r.url.replace(/bench-\d+/, ":slug")}) | ${r.files} | ${r.kb.toFixed(1)} KB | ${r.budget} KB | ${r.ok ? "yes" : "NO"} |`),
].join("\n");
const beaconLine = `The analytics beacon's own code (\`components/analytics/analytics-beacon.tsx\`, minified, gzip): ${beaconBytes} B, budget ${BEACON_BUDGET_BYTES} B, within: ${beaconBytes <= BEACON_BUDGET_BYTES ? "yes" : "NO"}.`;
console.log(`${table}\n\n${beaconLine}`);
if (!args["no-write"]) writeSection(args.out, "js-size", `Measured ${new Date().toISOString()} by \`npm run bench:js-size\`.\n\n${table}\n\n${beaconLine}`);
process.exit(rows.every((r) => r.ok) && beaconBytes <= BEACON_BUDGET_BYTES ? 0 : 1);
