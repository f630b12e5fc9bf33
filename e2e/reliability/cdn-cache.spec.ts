// What shared caches (a CDN) are told, held against the runbook's table (docs/operations.md, "Reverse
// proxy and CDN"): each path the table names answers, on a production server, with the Cache-Control
// the table gives it; and no answer but the build's assets tells a shared cache to keep it a year.
import fs from "node:fs";
import path from "node:path";
import { DEMO_PROVIDER_SLUG } from "../../scripts/seed/demo-data";
import { expect, test } from "../fixtures";
import { appPaths } from "./app-paths";

const RUNBOOK = path.resolve(import.meta.dirname, "..", "..", "docs", "operations.md");

/** The table's rows: the paths in backticks of its first cell, the Cache-Control of its second. */
function runbookTable(): { paths: string[]; cacheControl: string }[] {
  const text = fs.readFileSync(RUNBOOK, "utf8");
  const section = text.slice(text.indexOf("## Reverse proxy and CDN"), text.indexOf("\n## ", text.indexOf("## Reverse proxy and CDN") + 1));
  return section
    .split("\n")
    .filter((line) => /^\| .*`.*\| `[^`]+` \|/.test(line))
    .map((line) => {
      const [first = "", second = ""] = line.split("|").slice(1);
      return {
        paths: [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
        cacheControl: /`([^`]+)`/.exec(second)?.[1] ?? "",
      };
    });
}

/** Each row's sample: a path to request, and how the table names it. */
const SAMPLES: [request: string, named: string][] = [
  ["/", "/"],
  ["/docs/api", "/docs/api"],
  ["/signout", "/signout"],
  ["/providers", "/providers"],
  [`/providers/${DEMO_PROVIDER_SLUG}`, "/providers/{slug}"],
  ["/api/public/studio/providers", "/api/public/studio/providers"],
  [`/api/public/studio/providers/${DEMO_PROVIDER_SLUG}`, "/api/public/studio/providers/{slug}"],
  ["/api/openapi.json", "/api/openapi.json"],
  ["/robots.txt", "/robots.txt"],
  ["/sitemap.xml", "/sitemap.xml"],
  ["/icon.svg", "/icon.svg"],
  ["/signin", "/signin"],
  ["/apply", "/apply"],
  ["/api/ready", "/api/ready"],
  ["/api/health", "/api/health"],
  ["/api/provider/studio/listing", "/api/provider/studio/{…}"],
];

test("each path of the runbook's CDN table answers with the Cache-Control the table gives it", async ({ request }) => {
  const table = runbookTable();
  expect(table.length, "rows of the CDN table in docs/operations.md").toBeGreaterThanOrEqual(8);
  const home = await (await request.get("/")).text();
  const asset = /\/_next\/static\/[^"']+\.js/.exec(home)?.[0];
  expect(asset, "a script of the home page").toBeTruthy();
  for (const [requested, named] of [...SAMPLES, [asset!, "/_next/static/{file}"] as [string, string]]) {
    const row = table.find((r) => r.paths.includes(named));
    expect.soft(row, `the table names ${named}`).toBeTruthy();
    const response = await request.get(requested, { maxRedirects: 0 });
    expect.soft(response.headers()["cache-control"], `${requested} → ${response.status()}`).toBe(row?.cacheControl);
  }
});

test("no page or route but the build's assets tells a shared cache to keep it a year", async ({ request }) => {
  const paths = [...appPaths("page.tsx"), ...appPaths("route.ts"), "/no-such-page"];
  for (const p of paths) {
    const response = await request.get(p, { maxRedirects: 0 });
    const maxAge = /s-maxage=(\d+)/.exec(response.headers()["cache-control"] ?? "")?.[1];
    expect.soft(Number(maxAge ?? 0), `${p} → ${response.status()}: ${response.headers()["cache-control"]}`).toBeLessThanOrEqual(300);
  }
});
