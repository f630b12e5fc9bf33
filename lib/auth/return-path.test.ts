import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countKnob } from "@/test/reliability/database-dump";
import { getAuthOptions } from "./options";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "./return-path";

const APP = "http://127.0.0.1:3000";
const runs = { numRuns: countKnob("RELIABILITY_RUNS", 500) };

/** Characters a browser drops or rewrites while parsing a URL, and their spellings. */
const piece = fc.constantFrom(
  "/", "//", "\\", "/\\", "\\\\", "\\/", "\t", "\n", "\r", " ", "\u0000", "\u001f", "\u007f", "\u00a0", "\u2028", "\ufeff",
  "%09", "%0a", "%0d", "%2f", "%2F", "%5c", "%5C", "%00", "%", "%%", "..", ".", "./", "../", "/./", "?", "#", "@", ":", ";",
  "javascript:", "JaVaScRiPt:", "data:", "vbscript:", "http:", "https:", "http://", "https://", "//evil.example", "evil.example",
  "evil.example:80", "user:pass@", "[::1]", "127.0.0.1", "localhost", "ｅｖｉｌ．ｅｘａｍｐｌｅ", "evil。example", "ü", "😀",
  "studio", "/studio", "/studio/team", "?callbackUrl=//evil.example", "#//evil.example", "%E2%80%A8", "&", "=",
);
/** The shape of the redirects that got through: a slash, characters a browser drops or rewrites, a host. */
const separator = fc.constantFrom("/", "\\", "\t", "\n", "\r", " ", "%09", "%2F", "%5C", "\u0000");
const offSite = fc
  .tuple(
    fc.constantFrom("", "/", "\\", " ", "\t"),
    fc.array(separator, { minLength: 1, maxLength: 4 }),
    fc.constantFrom("evil.example", "evil.example/studio", "127.0.0.1:3001", "@evil.example", "ｅｖｉｌ．ｅｘａｍｐｌｅ"),
  )
  .map(([lead, middle, host]) => `${lead}${middle.join("")}${host}`);
const crafted = fc.oneof(
  offSite,
  fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join("")),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

/** What a browser does with a Location header whose value is `location`, served by the app. */
function browserTarget(location: string): URL {
  return new URL(location, `${APP}/signin`);
}

describe("safeReturnPath", () => {
  it("always returns an address that a browser resolves to the app's own origin", () => {
    fc.assert(
      fc.property(crafted, (value) => {
        const path = safeReturnPath(value, APP);
        expect(browserTarget(path).origin).toBe(APP);
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
      }),
      runs,
    );
  });

  it("returns only characters that a Location header may carry", () => {
    fc.assert(
      fc.property(crafted, (value) => {
        expect(safeReturnPath(value, APP)).toMatch(/^[\x21-\x7e]+$/);
      }),
      runs,
    );
  });

  it("refuses the spellings of another host that a browser would follow", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "\r\n//evil.example",
      "\t//evil.example",
      " //evil.example",
      "/.//evil.example",
      "https://evil.example/studio",
      "javascript:alert(1)",
      "  javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://127.0.0.1:3000@evil.example/",
      "http://127.0.0.1:3001/studio",
    ]) {
      expect(safeReturnPath(value, APP), JSON.stringify(value)).toBe(DEFAULT_RETURN_PATH);
    }
  });

  it("keeps paths on this site, as the browser would write them", () => {
    expect(safeReturnPath("/studio/team?tab=invites#new", APP)).toBe("/studio/team?tab=invites#new");
    expect(safeReturnPath(`${APP}/studio/listing`, APP)).toBe("/studio/listing");
    expect(safeReturnPath("/%2F/evil.example", APP)).toBe("/%2F/evil.example");
    expect(safeReturnPath("/stu\tdio", APP)).toBe("/studio");
    expect(safeReturnPath("/ünï code", APP)).toBe("/%C3%BCn%C3%AF%20code");
    // Same scheme, no slashes: a browser reads this as a path on the current host, and so do we.
    expect(safeReturnPath("http:evil.example", APP)).toBe("/evil.example");
  });

  it("falls back for anything that is not a string, empty, or too long", () => {
    for (const value of [undefined, null, 42, ["/studio"], {}, "", `/${"a".repeat(3000)}`]) {
      expect(safeReturnPath(value, APP)).toBe(DEFAULT_RETURN_PATH);
    }
    expect(safeReturnPath("//evil.example", APP, "/admin")).toBe("/admin");
  });
});

describe("Auth.js's redirect callback", () => {
  it("sends every crafted callbackUrl to an address on the app's origin that a Location header can carry", async () => {
    const redirect = (await getAuthOptions()).callbacks!.redirect!;
    await fc.assert(
      fc.asyncProperty(crafted, async (url) => {
        const target = await redirect({ url, baseUrl: APP });
        expect(new URL(target).origin).toBe(APP);
        expect(target).toMatch(/^[\x21-\x7e]+$/);
      }),
      { numRuns: 200 },
    );
    expect(await redirect({ url: "/studio/team", baseUrl: APP })).toBe(`${APP}/studio/team`);
    expect(await redirect({ url: `${APP}/admin`, baseUrl: APP })).toBe(`${APP}/admin`);
  });
});
