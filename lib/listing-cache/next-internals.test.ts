import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { registerListingVersionHook } from "./listing-version-hook";

// page-cache-handler.cjs leans on Next.js internals that no public API promises. Each test here
// names one of them and checks it against the installed Next.js, so an upgrade that changes one
// fails here, by name, instead of silently caching the wrong pages (or none) in production.
const require = createRequire(import.meta.url);
const NEXT_DIST = path.dirname(require.resolve("next/dist/server/lib/incremental-cache/file-system-cache.js"));
const read = (file: string) => fs.readFileSync(path.join(NEXT_DIST, file), "utf8");

type Handler = {
  get(key: string, ctx: unknown): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
};

beforeAll(() => registerListingVersionHook());

describe("the Next.js internals the listing page cache relies on", () => {
  it("Next.js is the version the handler was last checked against (16.4): re-check this list, and the location workaround, on upgrade", () => {
    const { version } = require("next/package.json") as { version: string };
    expect(version, "withSingleLocation in page-cache-handler.cjs works around a 16.4 double Location header").toMatch(/^16\.4\./);
  });

  it("next/dist/server/lib/incremental-cache/file-system-cache exports the class the handler extends", () => {
    const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
    expect(typeof FileSystemCache).toBe("function");
    expect(typeof FileSystemCache.prototype.get).toBe("function");
    expect(typeof FileSystemCache.prototype.set).toBe("function");
  });

  it("Next.js constructs the handler with the options the handler passes on (fs, flushToDisk, serverDistDir)", () => {
    const source = read("index.js");
    const construction = source.slice(source.indexOf("new CurCacheHandler({"), source.indexOf("new CurCacheHandler({") + 400);
    expect(construction, "incremental-cache/index.js no longer says new CurCacheHandler({ … })").toContain("new CurCacheHandler({");
    for (const option of ["fs", "flushToDisk", "serverDistDir", "maxMemoryCacheSize"]) expect(construction).toContain(option);
  });

  it("a page's cache key ends with /$ and its pathname, which is how the handler tells listing pages", async () => {
    const { getRouteCacheKey } = require("next/dist/server/lib/route-cache-key.js");
    const { RouteKind } = require("next/dist/server/route-kind.js");
    const keyOf = (pathname: string, sourceRoute: string) => getRouteCacheKey(pathname, { kind: RouteKind.APP_PAGE, sourceRoute });
    const Handler = require("./page-cache-handler.cjs") as new (ctx: unknown) => Handler;
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), "next-internals-"));
    const handler = new Handler({ fs: undefined, flushToDisk: false, serverDistDir, maxMemoryCacheSize: 0 });
    const value = { kind: "APP_PAGE", html: "<p>kept</p>", rscData: Buffer.from("x"), headers: {}, status: 200, segmentData: new Map() };

    // A profile and a directory view, keyed as Next.js keys them: kept in memory after one render.
    for (const key of [keyOf("/providers/acme", "/providers/[slug]"), keyOf("/providers/page/design/-/-", "/providers/(directory-views)/page/[specialty]/[featured]/[number]")]) {
      expect(await handler.get(key, { kind: "APP_PAGE" })).toBeNull();
      await handler.set(key, value, { kind: "APP_PAGE" });
      expect((await handler.get(key, { kind: "APP_PAGE" }))?.value, `${key} was not kept as a listing page`).toMatchObject({ html: "<p>kept</p>" });
    }
  });

  it("the page cache stores a page without JSON.stringify-ing it to measure it (scripts/patch-next.mjs, run on install)", async () => {
    // @ts-expect-error: a plain .mjs script without type declarations
    const { RUNTIME, UNPATCHED, PATCHED } = (await import("../../scripts/patch-next.mjs")) as Record<string, string>;
    const runtime = fs.readFileSync(path.join(path.dirname(require.resolve("next/package.json")), RUNTIME!), "utf8");
    expect(runtime.split(UNPATCHED!).length - 1, "the unconditional measurement is back: run `node scripts/patch-next.mjs`").toBe(0);
    expect(runtime.split(PATCHED!).length - 1).toBe(1);
  });

  it("a rendered app page still carries html, rscData, segmentData, headers and status (what the handler sizes and rewrites)", () => {
    const { CachedRouteKind } = require("next/dist/server/response-cache/types.js");
    expect(CachedRouteKind.APP_PAGE).toBe("APP_PAGE");
    const types = fs.readFileSync(path.join(NEXT_DIST, "..", "..", "response-cache", "types.d.ts"), "utf8");
    const start = types.indexOf("export interface IncrementalCachedAppPageValue {");
    expect(start, "IncrementalCachedAppPageValue is gone from response-cache/types.d.ts").toBeGreaterThan(-1);
    const shape = types.slice(start, types.indexOf("}", start));
    for (const field of ["html: string;", "rscData: Buffer | undefined;", "segmentData: Map<string, Buffer> | undefined;", "headers: OutgoingHttpHeaders | undefined;", "status: number | undefined;"]) {
      expect(shape, `IncrementalCachedAppPageValue changed: ${field}`).toContain(field);
    }
  });
});
