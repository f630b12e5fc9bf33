import fs from "node:fs";
import path from "node:path";

// The route pattern a request path was served by ("/providers/[slug]"), as the metrics' `route`
// label: one series per route, never one per URL. Read from the build's routes manifest
// (.next/routes-manifest.json, present in `next start` and the standalone bundle alike).

interface Route {
  page: string;
  regex: RegExp;
}

const UNMATCHED = "(unmatched)";
let routes: { exact: Map<string, string>; dynamic: Route[] } | undefined;

function load(manifestPath: string): { exact: Map<string, string>; dynamic: Route[] } {
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as {
      staticRoutes?: { page: string }[];
      dynamicRoutes?: { page: string; regex: string }[];
    };
    return {
      exact: new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page])),
      dynamic: (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) })),
    };
  } catch {
    // No build (tests, a broken bundle): every request is counted, under one label.
    return { exact: new Map(), dynamic: [] };
  }
}

export function routeLabel(url: string | undefined): string {
  routes ??= load(path.join(process.cwd(), ".next", "routes-manifest.json"));
  let pathname = (url ?? "/").split("?", 1)[0]!.replace(/^\/+/, "/");
  if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/static/") ? "/_next/static" : "/_next";
  // Client navigations ask for a page's RSC payload or its segments: the page's own route.
  pathname = pathname.replace(/\.segments\/.*$/, "").replace(/\.rsc$/, "") || "/";
  if (pathname.length > 1) pathname = pathname.replace(/\/$/, "");
  const exact = routes.exact.get(pathname);
  if (exact) return exact;
  for (const route of routes.dynamic) if (route.regex.test(pathname)) return route.page;
  return UNMATCHED;
}
