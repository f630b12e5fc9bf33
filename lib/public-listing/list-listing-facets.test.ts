import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { listListingFacets } from "./list-listing-facets";
import { countListed } from "./list-totals";
import { providerListQuerySchema } from "./list-query-schema";

// Each test file has a database of its own; these tests share this one, so they use countries and
// languages no other test here uses.

/** The facet counts the triggers keep, against a count of the listed providers themselves. */
async function keptAndCounted(facet: "country" | "language", value: string) {
  const db = getDb();
  const [kept] = await executeRows<{ total: number }>(db, sql`select total from provider_listing_facets where facet = ${facet} and value = ${value}`);
  const where = facet === "country" ? sql`country_code = ${value}` : sql`languages @> array[${value}]::text[]`;
  const [counted] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from providers where approval_status = 'APPROVED' and public_profile and ${where}`,
  );
  return { kept: Number(kept?.total ?? 0), counted: Number(counted!.n) };
}

describe("the countries and languages of the listed providers", () => {
  it("follow every insert, edit, unpublish and delete, and leave out providers nobody sees", async () => {
    const db = getDb();
    const a = await makeProvider(db, { countryCode: "IS", languages: ["is", "en"] });
    await makeProvider(db, { countryCode: "IS", languages: ["is"] });
    await makeProvider(db, { countryCode: "FO", languages: ["fo"], publicProfile: false, publishedAt: null });
    expect(await keptAndCounted("country", "IS")).toEqual({ kept: 2, counted: 2 });
    expect(await keptAndCounted("language", "is")).toEqual({ kept: 2, counted: 2 });
    expect((await listListingFacets(db)).countries).not.toContain("FO");

    await db.update(providers).set({ countryCode: "GL", languages: ["kl"] }).where(eq(providers.id, a.id));
    expect(await keptAndCounted("country", "IS")).toEqual({ kept: 1, counted: 1 });
    expect(await keptAndCounted("country", "GL")).toEqual({ kept: 1, counted: 1 });
    expect(await keptAndCounted("language", "kl")).toEqual({ kept: 1, counted: 1 });

    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, a.id));
    expect(await keptAndCounted("country", "GL")).toEqual({ kept: 0, counted: 0 });
    expect((await listListingFacets(db)).countries).not.toContain("GL");
    await db.update(providers).set({ publicProfile: true }).where(eq(providers.id, a.id));
    expect((await listListingFacets(db)).languages).toContain("kl");

    await db.delete(providers).where(eq(providers.id, a.id));
    expect(await keptAndCounted("language", "kl")).toEqual({ kept: 0, counted: 0 });
    const facets = await listListingFacets(db);
    expect(facets.countries).toContain("IS");
    expect(facets.languages).toContain("is");
    expect(facets.languages).not.toContain("kl");
  });

  it("keep a bulk update exact, and serve the total of a list filtered by one country or one language alone", async () => {
    const db = getDb();
    for (let i = 0; i < 6; i++) await makeProvider(db, { slug: `facet-bulk-${i}`, countryCode: "MT", languages: i % 2 ? ["mt", "en"] : ["mt"] });
    await db.execute(sql`update providers set languages = array['it'] where slug like 'facet-bulk-%' and slug < 'facet-bulk-3'`);
    expect(await keptAndCounted("language", "mt")).toEqual({ kept: 3, counted: 3 });
    expect(await keptAndCounted("language", "it")).toEqual({ kept: 3, counted: 3 });
    const total = (query: Record<string, string>) => countListed(db, providerListQuerySchema.parse(query));
    expect(await total({ country: "mt" })).toBe(6);
    expect(await total({ language: "it" })).toBe(3);
    // With another filter beside it the total is counted, not read from the facet counts.
    expect(await total({ country: "MT", language: "mt" })).toBe(3);
    expect(await total({ country: "MT", remote: "true" })).toBe((await keptAndCounted("country", "MT")).counted);
  });
});
