import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/test/support/factories";
import { listSitemapProviders } from "./list-sitemap-providers";

describe("listSitemapProviders", () => {
  it("returns only approved, published providers, by slug, with their last change", async () => {
    const db = getDb();
    const changed = new Date("2026-03-04T05:06:07.000Z");
    await makeProvider(db, { slug: "sm-b-listed", updatedAt: changed });
    await makeProvider(db, { slug: "sm-a-listed" });
    await makeProvider(db, { slug: "sm-unpublished", publicProfile: false });
    await makeProvider(db, { slug: "sm-pending", approvalStatus: "PENDING" });
    await makeProvider(db, { slug: "sm-suspended", approvalStatus: "SUSPENDED" });

    const rows = await listSitemapProviders(db);

    expect(rows.map((r) => r.slug)).toEqual(["sm-a-listed", "sm-b-listed"]);
    expect(rows[1]!.updatedAt.toISOString()).toBe(changed.toISOString());
  });

  it("stops at the requested number of entries", async () => {
    const rows = await listSitemapProviders(getDb(), { limit: 1 });
    expect(rows).toHaveLength(1);
  });
});
