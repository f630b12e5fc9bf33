// A search for one word alone reads its total from provider_search_prefixes (migration 0010), kept by
// triggers through every kind of write. Held here against counting the matches themselves.
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { providers } from "@/db/schema";
import { seedBulkProviders } from "@/scripts/seed/bulk";
import { countingDb } from "@/test/support/counting-db";
import { makeProvider } from "@/test/support/factories";
import { listConditions, SEARCH_PREFIX_MAX } from "./list-query-sql";
import { providerListQuerySchema, type ProviderListQuery } from "./list-query-schema";
import { countListed } from "./list-totals";

const WORDS = ["d", "de", "des", "design", "designer", "cl", "cloud", "studio", "s", "zur", "zurich", "48", "kiwi", "nomatch", "data"];
const search = (q: string): ProviderListQuery => providerListQuerySchema.parse({ q });

/** The total counted from the matches themselves, as any other filter's is. */
async function counted(q: string): Promise<number> {
  const [row] = await getDb().select({ total: count() }).from(providers).where(listConditions(search(q)));
  return row!.total;
}

async function expectKeptTotalsEqualCounts(label: string) {
  for (const q of WORDS) expect(await countListed(getDb(), search(q)), `${label}: ${q}`).toBe(await counted(q));
}

beforeAll(async () => {
  const db = getDb();
  await makeProvider(db, { slug: "sp-design", name: "Design Designers", headline: "Cloud studio", specialties: ["DESIGN"] });
  await makeProvider(db, { slug: "sp-zurich", name: "Zürich Data", description: "Studio 48 in the cloud", specialties: ["DATA"] });
  await makeProvider(db, { slug: "sp-hidden", name: "Hidden Design", publicProfile: false, specialties: ["DESIGN"] });
  await makeProvider(db, { slug: "sp-pending", name: "Pending Cloud", approvalStatus: "PENDING" });
});

describe("one-word search totals", () => {
  it("are read from the kept prefix counts, not counted", async () => {
    const { db, statements } = countingDb(getDb());
    expect(await countListed(db, search("desi"))).toBe(await counted("desi"));
    expect(statements).toEqual([expect.stringContaining('from "provider_search_prefixes"')]);
    // Two words, or a word with another filter, are counted.
    statements.length = 0;
    await countListed(db, search("design cloud"));
    await countListed(db, { ...search("design"), country: "DE" });
    expect(statements.every((s) => s.includes("count("))).toBe(true);
  });

  it("equal the counted totals after inserts, edits, unpublishing, approval, deletes and bulk loads", async () => {
    const db = getDb();
    await expectKeptTotalsEqualCounts("created");
    const zurich = (await db.select().from(providers).where(eq(providers.slug, "sp-zurich")))[0]!;
    await db.update(providers).set({ headline: "Designer kiwi" }).where(eq(providers.id, zurich.id));
    await expectKeptTotalsEqualCounts("headline edited");
    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, zurich.id));
    await expectKeptTotalsEqualCounts("unpublished");
    await db.update(providers).set({ publicProfile: true, name: "Zürich Kiwi" }).where(eq(providers.id, zurich.id));
    await expectKeptTotalsEqualCounts("published again, renamed");
    await db.update(providers).set({ approvalStatus: "APPROVED" }).where(eq(providers.slug, "sp-pending"));
    await expectKeptTotalsEqualCounts("approved");
    await db.update(providers).set({ featured: true }).where(sql`${providers.slug} like 'sp-%'`);
    await expectKeptTotalsEqualCounts("featured (no word changed)");
    await seedBulkProviders(db, { count: 1_200 });
    await expectKeptTotalsEqualCounts("bulk load");
    await db.update(providers).set({ headline: sql`${providers.headline} || ' studio'` }).where(sql`${providers.slug} like 'bench-%'`);
    await expectKeptTotalsEqualCounts("bulk edit");
    await db.delete(providers).where(sql`${providers.slug} like 'bench-%'`);
    await db.delete(providers).where(eq(providers.id, zurich.id));
    await expectKeptTotalsEqualCounts("deleted");
  });

  it("are kept for words up to the database's prefix length; a longer word is counted, and still exact", async () => {
    const [row] = await executeRows<{ max: number }>(getDb(), sql`select provider_search_prefix_max() as max`);
    expect(row!.max).toBe(SEARCH_PREFIX_MAX);
    const long = "supercalifragilisticexpialidocious";
    await makeProvider(getDb(), { slug: "sp-long", name: `The ${long} studio` });
    const { db, statements } = countingDb(getDb());
    expect(await countListed(db, search(long))).toBe(1);
    expect(statements.some((s) => s.includes("count("))).toBe(true);
    expect(await countListed(db, search(long.slice(0, SEARCH_PREFIX_MAX)))).toBe(1);
  });
});
