import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/test/support/factories";
import { searchProvidersForAdmin } from "./search-providers-for-admin";

describe("searchProvidersForAdmin", () => {
  it("finds providers in every state by name or slug, filters by approval status and pages by name", async () => {
    const db = getDb();
    await makeProvider(db, { name: "Zeta Search", slug: "zeta-search", approvalStatus: "SUSPENDED", publicProfile: false });
    await makeProvider(db, { name: "Alpha Search", slug: "alpha-search" });
    await makeProvider(db, { name: "Hidden Gem", slug: "search-by-slug", approvalStatus: "PENDING" });
    await makeProvider(db, { name: "Unrelated", slug: "unrelated" });

    const all = await searchProvidersForAdmin(db, { q: "SEARCH" });
    expect(all.total).toBe(3);
    expect(all.data.map((p) => p.name)).toEqual(["Alpha Search", "Hidden Gem", "Zeta Search"]);
    expect(all.data[2]).toEqual({
      id: expect.any(String),
      slug: "zeta-search",
      name: "Zeta Search",
      approvalStatus: "SUSPENDED",
      publicProfile: false,
      featured: false,
      createdAt: expect.any(Date),
    });
    expect((await searchProvidersForAdmin(db, { q: "search", status: "PENDING" })).data.map((p) => p.slug)).toEqual([
      "search-by-slug",
    ]);
    const page2 = await searchProvidersForAdmin(db, { q: "search", page: 2, limit: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2, data: [expect.objectContaining({ name: "Zeta Search" })] });
  });

  it("treats % and _ in the query as plain characters", async () => {
    const db = getDb();
    await makeProvider(db, { name: "100% Agency" });
    await makeProvider(db, { name: "1000 Agency" });
    expect((await searchProvidersForAdmin(db, { q: "100%" })).data.map((p) => p.name)).toEqual(["100% Agency"]);
    expect((await searchProvidersForAdmin(db, { q: "_" })).total).toBe(0);
  });
});
