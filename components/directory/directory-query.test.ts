import { describe, expect, it } from "vitest";
import { adminProviderSearchSchema } from "@/lib/providers/admin-schemas";
import { parseDirectoryQuery } from "./directory-query";

describe("page search parameters with a NUL character", () => {
  it("never reach a query: the directory shows everything with its notice, the admin search ignores the term", () => {
    const directory = parseDirectoryQuery({ q: "cloud\u0000" });
    expect(directory.invalid).toBe(true);
    expect(directory.query.q).toBeUndefined();
    expect(adminProviderSearchSchema.parse({ q: "north\u0000" }).q).toBeUndefined();
  });
});
