import { describe, expect, it } from "vitest";
import { DANGEROUS_URLS } from "@/test/reliability/generated-input-kit";
import { findNulCharacters } from "./nul-characters";
import { httpUrlSchema, isSafeHttpUrl } from "./primitives";

describe("isSafeHttpUrl", () => {
  it.each([
    "https://example.com",
    "http://example.com/path?q=1#top",
    "https://sub.example.co.uk/logo.png",
    "https://northwind-studio.example.com/banner.jpg",
    "http://93.184.216.34/",
    "https://[2606:4700:4700::1111]/",
    "https://bücher.example/",
    "https://example.com.:443/",
  ])("accepts the public address %s", (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
    expect(httpUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each(DANGEROUS_URLS)("refuses %s", (url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
    expect(httpUrlSchema.safeParse(url).success).toBe(false);
  });

  it("tells a private address apart from a malformed one", () => {
    const privateAddress = httpUrlSchema.safeParse("http://10.0.0.1/");
    const otherScheme = httpUrlSchema.safeParse("ftp://example.com/");
    expect(privateAddress.error?.issues.map((i) => i.message)).toEqual(["Enter a public web address, not a local or private network one"]);
    expect(otherScheme.error?.issues.map((i) => i.message)).toEqual(["Enter a full web address starting with http:// or https://"]);
  });
});

describe("findNulCharacters", () => {
  it("names every string, nested or a key, that holds U+0000", () => {
    expect(findNulCharacters({ a: "ok", b: "x\u0000", c: ["fine", "\u0000"], d: { "k\u0000": 1 } })).toEqual(["b", "c.1", "d.(key)"]);
    expect(findNulCharacters("\u0000")).toEqual(["(body)"]);
    expect(findNulCharacters({ a: "ok", n: 1, z: null })).toEqual([]);
  });
});
