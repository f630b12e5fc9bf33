import { describe, expect, it } from "vitest";
import { DIRECTORY_VIEW_ABSENT, directoryViewParams, directoryViewRewrites } from "./directory-views";

describe("the directory's view rewrites", () => {
  it("has one rewrite per combination of present and absent parameters, none for a text search", () => {
    const rewrites = directoryViewRewrites();
    expect(rewrites).toHaveLength(8);
    expect(new Set(rewrites.map((r) => r.destination)).size).toBe(8);
    for (const r of rewrites) expect(r.missing).toContainEqual({ type: "query", key: "q" });
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
