import { describe, expect, it } from "vitest";
import { providerListQuerySchema } from "@/lib/public-listing/list-query-schema";
import { DIRECTORY_VIEW_ABSENT, DYNAMIC_DIRECTORY_PARAMETERS, directoryViewParams, directoryViewRewrites } from "./directory-views";

/** The value a rewrite's condition accepts for `key`, as Next.js matches it (the whole value). */
function accepts(key: string, value: string): boolean {
  const condition = directoryViewRewrites()
    .flatMap((r) => r.has ?? [])
    .find((c) => c.key === key);
  return new RegExp(`^${condition?.value}$`).test(value);
}

describe("the directory's view rewrites", () => {
  it("has one rewrite per combination of present and absent parameters", () => {
    const rewrites = directoryViewRewrites();
    expect(rewrites).toHaveLength(8);
    expect(new Set(rewrites.map((r) => r.destination)).size).toBe(8);
  });

  it("never rewrites a URL with a search, a facts filter or an order: every other list parameter is required absent", () => {
    for (const r of directoryViewRewrites()) {
      for (const key of DYNAMIC_DIRECTORY_PARAMETERS) expect(r.missing, key).toContainEqual({ type: "query", key });
    }
    const viewKeys = ["specialty", "featured", "page"];
    expect([...viewKeys, ...DYNAMIC_DIRECTORY_PARAMETERS].sort()).toEqual(Object.keys(providerListQuerySchema.shape).sort());
  });

  it("carries over only the one spelling directory links use, so other spellings reach the page that redirects them", () => {
    expect(accepts("specialty", "design")).toBe(true);
    expect(accepts("specialty", "DESIGN")).toBe(false);
    expect(accepts("featured", "true")).toBe(true);
    expect(accepts("featured", "false")).toBe(false);
    for (const page of ["2", "9", "10", "1234567"]) expect(accepts("page", page), page).toBe(true);
    for (const page of ["1", "0", "01", "12345678", "2x"]) expect(accepts("page", page), page).toBe(false);
  });

  it("reads the view route's segments back as the address's parameters, absent ones as undefined", () => {
    expect(directoryViewParams({ specialty: "design", featured: DIRECTORY_VIEW_ABSENT, number: "3" })).toEqual({
      specialty: "design",
      featured: undefined,
      page: "3",
    });
    expect(directoryViewParams({ specialty: "-", featured: "true", number: "-" })).toEqual({
      specialty: undefined,
      featured: "true",
      page: undefined,
    });
  });
});
