import fc from "fast-check";
import { parseUrl } from "next/dist/shared/lib/router/utils/parse-url";
import { normalizeRepeatedSlashes } from "next/dist/shared/lib/utils";
import { describe, expect, it } from "vitest";
import { countKnob } from "@/test/reliability/database-dump";
import { hasMalformedEscape, isApiPath, routedPath } from "./routed-path";

const runs = { numRuns: countKnob("RELIABILITY_RUNS", 500) };

/**
 * What Next.js itself routes for a request target (server/lib/router-utils/resolve-routes.js): a
 * target with a backslash or repeated slashes is redirected (308) to its normalised form, which is
 * then routed; any other is parsed as it is.
 */
function nextRoutes(target: string): string {
  const path = target.split("?", 1)[0]!;
  return parseUrl(/(\\|\/\/)/.test(path) ? normalizeRepeatedSlashes(target) : target).pathname;
}

describe("the path Next.js routes", () => {
  it.each([
    ["/api/../providers", "/providers"],
    ["/api/%2e%2e/providers", "/providers"],
    ["/api/%2E./providers", "/providers"],
    ["/providers/../api/health", "/api/health"],
    ["/providers/%2e%2e/api/health", "/api/health"],
    ["/./api/health", "/api/health"],
    ["/api/./health?x=/../y", "/api/health"],
    ["/api/%ff/../health", "/api/health"],
    ["//api/health", "/api/health"],
    ["/x/..//api/health", "/api/health"],
    ["/api\\..\\providers", "/providers"],
    ["/api/..%2fproviders", "/api/..%2fproviders"],
    ["/%61pi/health", "/%61pi/health"],
    ["/api/health#x", "/api/health"],
    ["http://127.0.0.1:3000/api/../providers", "/providers"],
  ])("routes %j as %j, as Next.js does", (target, expected) => {
    expect(routedPath(target)).toBe(expected);
    expect(nextRoutes(target)).toBe(expected);
  });

  it("agrees with Next.js's own parser for any target built of slashes, dots, escapes and names", () => {
    const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%ff", "%", "api", "providers", "health", "?", "#", "x", "%41");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const target = `/${pieces.join("")}`;
        expect(routedPath(target), target).toBe(nextRoutes(target));
      }),
      runs,
    );
  });

  it("classifies /api and what is under it as the API, nothing else", () => {
    expect(["/api", "/api/", "/api/health"].map(isApiPath)).toEqual([true, true, true]);
    expect(["/apis", "/", "/providers", "*", "/%61pi"].map(isApiPath)).toEqual([false, false, false, false, false]);
  });
});

describe("malformed percent-escapes", () => {
  it.each(["/api/%ff", "/api/%zz", "/api/%", "/api/%4", "/providers/%c0%af", "/providers/%ed%a0%80", "/providers/%e2%82", "/%ff"])(
    "finds one in %j",
    (path) => expect(hasMalformedEscape(path)).toBe(true),
  );

  it.each(["/api/health", "/api/%41", "/providers/%C3%A9t%C3%A9", "/api/..%2fproviders", "/%25ff"])("finds none in %j", (path) => {
    expect(hasMalformedEscape(path)).toBe(false);
  });
});
