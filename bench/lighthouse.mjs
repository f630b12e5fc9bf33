#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile preset, the default) with Debian's Chromium on the
// directory, a profile and the apply page of the production build, against the targets.
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEFAULT_SERVER_URL, withSmallApp } from "./lib/app-for-tools.mjs";
import { writeSection } from "./lib/report.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    "app-dir": { type: "string", default: root },
    port: { type: "string", default: "3220" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    out: { type: "string", default: path.join(root, "docs", "benchmarks.md") },
    "no-write": { type: "boolean", default: false },
  },
  strict: true,
});

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);

const rows = await withSmallApp({ root, appDir: args["app-dir"], port: Number(args.port), serverUrl: DEFAULT_SERVER_URL }, async ({ baseUrl, slug }) => {
  const chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const result = [];
    for (const [name, url] of Object.entries({ directory: "/providers", profile: `/providers/${slug}`, apply: "/apply" })) {
      // One warm-up load so the measured one is not the server's first render of the route.
      await fetch(baseUrl + url);
      const run = await lighthouse(baseUrl + url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      // A failed load (no paint, a crashed renderer) scores 0: say why instead of leaving a bare 0.
      if (run.lhr.runtimeError) console.log(`[lighthouse] ${name}: ${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)]));
      const failing = Object.values(run.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
        .filter((a) => CATEGORIES.some((c) => run.lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
        .map((a) => (a.displayValue ? `${a.id} (${a.displayValue})` : a.id));
      for (const item of run.lhr.audits["errors-in-console"]?.details?.items ?? []) {
        console.log(`[lighthouse] ${name}: console ${item.source}: ${String(item.description).slice(0, 200)} ${item.url ?? ""}`);
      }
      for (const item of run.lhr.audits["inspector-issues"]?.details?.items ?? []) {
        console.log(`[lighthouse] ${name}: issue ${item.issueType ?? JSON.stringify(item).slice(0, 200)}`);
      }
      result.push({ name, url: url.replace(slug, ":slug"), scores, failing, lcp: run.lhr.audits["largest-contentful-paint"]?.displayValue });
    }
    return result;
  } finally {
    chrome.kill();
  }
});

const ok = (r) => CATEGORIES.every((c) => r.scores[c] >= TARGETS[c]);
const table = [
  `| page | ${CATEGORIES.join(" | ")} | LCP | meets targets | audits below 100 % |`,
  `|---|${CATEGORIES.map(() => "---:").join("|")}|---|---|---|`,
  ...rows.map((r) => `| ${r.name} (${r.url}) | ${CATEGORIES.map((c) => r.scores[c]).join(" | ")} | ${r.lcp ?? "–"} | ${ok(r) ? "yes" : "NO"} | ${r.failing.join(", ") || "–"} |`),
].join("\n");
const targets = `Targets: ${CATEGORIES.map((c) => `${c} ≥ ${TARGETS[c]}`).join(", ")}.`;
console.log(`${table}\n${targets}`);
if (!args["no-write"]) {
  writeSection(args.out, "lighthouse", `Measured ${new Date().toISOString()} by \`npm run bench:lighthouse\` (Lighthouse 12, mobile preset, Debian Chromium).\n\n${table}\n\n${targets}`);
}
process.exit(rows.every(ok) ? 0 : 1);
