import { and, count, eq, like, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { listPublicProviderCards, listPublicProvidersJson } from "@/lib/listing-cache/cached-listing";
import { readListingVersion } from "@/lib/listing-cache/listing-version";
import { isPubliclyListedInline, listRowsQuery } from "./list-query-sql";

describe("listPublicProviderCards", () => {
  it("lists the same providers as the API, each with its logo and facts, leaving out hidden providers; the API keeps its six keys", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "logo-listed", name: "Logo Listed", logoUrl: "https://cdn.example/listed.png", city: "Porto", countryCode: "PT", teamSize: "1" });
    await makeProvider(db, { slug: "logo-none", name: "Logo None" });
    await makeProvider(db, { slug: "logo-hidden", name: "Logo Hidden", logoUrl: "https://cdn.example/hidden.png", publicProfile: false });
    const query = { q: "logo", page: 1, limit: 20 };

    const cards = await listPublicProviderCards(db, query);
    const api = JSON.parse((await listPublicProvidersJson(db, query)).body) as { data: unknown[]; total: number };

    expect(Object.fromEntries(cards.data.map((c) => [c.slug, c.logoUrl]))).toEqual({
      "logo-listed": "https://cdn.example/listed.png",
      "logo-none": null,
    });
    expect(cards.data.find((c) => c.slug === "logo-listed")?.facts).toMatchObject({ city: "Porto", countryCode: "PT", teamSize: "1", acceptingClients: true });
    expect(cards.data.map(({ logoUrl: _logo, facts: _facts, ...summary }) => summary)).toEqual(api.data);
    for (const summary of api.data) expect(Object.keys(summary as object).sort()).toEqual(["featured", "headline", "name", "publishedAt", "slug", "specialties"]);
    expect(cards.total).toBe(api.total);
  });
});

describe("isPubliclyListedInline", () => {
  it("selects exactly the providers isPubliclyListed does", async () => {
    const db = getDb();
    for (const approvalStatus of ["PENDING", "APPROVED", "SUSPENDED"] as const) {
      for (const publicProfile of [true, false]) {
        await makeProvider(db, { slug: `inline-${approvalStatus.toLowerCase()}-${publicProfile}`, approvalStatus, publicProfile });
      }
    }
    const slugs = async (where: SQL) =>
      (await db.select({ slug: providers.slug }).from(providers).where(and(where, like(providers.slug, "inline-%"))))
        .map((r) => r.slug)
        .sort();
    expect(await slugs(isPubliclyListedInline)).toEqual(["inline-approved-true"]);
    expect(await slugs(isPubliclyListedInline)).toEqual(await slugs(isPubliclyListed));
  });
});

describe("public list totals and freshness", () => {
  const filters = [
    {},
    { featured: true },
    { specialty: "DESIGN" as const },
    { specialty: "DESIGN" as const, featured: true },
    { specialty: "DATA" as const },
  ];

  // The truth: count the listed rows themselves, never the bookkeeping under test.
  async function countedTotals(db: ReturnType<typeof getDb>) {
    const result = [];
    for (const f of filters) {
      const [row] = await db
        .select({ n: count() })
        .from(providers)
        .where(
          and(
            eq(providers.approvalStatus, "APPROVED"),
            eq(providers.publicProfile, true),
            f.specialty ? sql`${providers.specialties} @> array[${f.specialty}]::specialty[]` : undefined,
            f.featured ? eq(providers.featured, true) : undefined,
          ),
        );
      result.push(row?.n);
    }
    return result;
  }

  async function apiTotals(db: ReturnType<typeof getDb>) {
    const result = [];
    for (const f of filters) result.push((await listPublicProviderCards(db, { ...f, q: undefined, page: 1, limit: 20 })).total);
    return result;
  }

  it("keeps exact totals per filter through inserts, edits, unpublishing, approval changes and deletes", async () => {
    const db = getDb();
    await db.delete(providers);
    const a = await makeProvider(db, { slug: "tot-a", specialties: ["DESIGN", "DATA"], featured: true });
    const b = await makeProvider(db, { slug: "tot-b", specialties: ["DESIGN"] });
    await makeProvider(db, { slug: "tot-c", specialties: ["DATA"], publicProfile: false });
    await makeProvider(db, { slug: "tot-d", specialties: ["DESIGN"], approvalStatus: "PENDING" });
    expect(await apiTotals(db)).toEqual([2, 1, 2, 1, 1]);
    expect(await apiTotals(db)).toEqual(await countedTotals(db));

    await db.update(providers).set({ specialties: ["DATA"] }).where(eq(providers.id, b.id));
    expect(await apiTotals(db)).toEqual([2, 1, 1, 1, 2]);
    await db.update(providers).set({ featured: false }).where(eq(providers.id, a.id));
    expect(await apiTotals(db)).toEqual([2, 0, 1, 0, 2]);
    await db.update(providers).set({ publicProfile: true }).where(eq(providers.slug, "tot-c"));
    await db.update(providers).set({ approvalStatus: "APPROVED" }).where(eq(providers.slug, "tot-d"));
    expect(await apiTotals(db)).toEqual([4, 0, 2, 0, 3]);
    await db.update(providers).set({ approvalStatus: "SUSPENDED" }).where(eq(providers.id, a.id));
    expect(await apiTotals(db)).toEqual(await countedTotals(db));
    await db.delete(providers).where(eq(providers.id, b.id));
    expect(await apiTotals(db)).toEqual(await countedTotals(db));
    expect((await apiTotals(db))[0]).toBe(2);
  });

  it("shows a committed change on the very next request, even to an answer it has cached", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "fresh-one", name: "Fresh One Original", headline: "freshness probe" });
    const query = { q: "freshness probe", page: 1, limit: 20 };
    expect((await listPublicProviderCards(db, query)).data.map((d) => d.name)).toEqual(["Fresh One Original"]);
    const before = await listPublicProvidersJson(db, query);

    // Written behind the app's back, as another app instance would: only the database knows.
    await db.execute(sql`update providers set name = 'Fresh One Renamed' where id = ${p.id}`);
    expect((await listPublicProviderCards(db, query)).data.map((d) => d.name)).toEqual(["Fresh One Renamed"]);
    const after = await listPublicProvidersJson(db, query);
    expect(after.etag).not.toBe(before.etag);

    await db.execute(sql`update providers set public_profile = false where id = ${p.id}`);
    expect(await listPublicProviderCards(db, query)).toMatchObject({ data: [], total: 0 });
  });

  it("does not reuse a version after a rolled-back change", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "rollback-probe", headline: "rollback probe" });
    const query = { q: "rollback probe", page: 1, limit: 20 };
    const v0 = await readListingVersion(db);
    // The assertion inside runs before the rollback; a failing one would surface as a different error.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update providers set headline = 'rollback probe changed' where slug = 'rollback-probe'`);
        expect((await listPublicProviderCards(tx, query)).data[0]?.headline).toBe("rollback probe changed");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await readListingVersion(db)).toBe(v0);
    await db.execute(sql`update providers set headline = 'rollback probe final' where slug = 'rollback-probe'`);
    expect(await readListingVersion(db)).not.toBe(v0);
    expect((await listPublicProviderCards(db, query)).data[0]?.headline).toBe("rollback probe final");
  });

  it("leaves the version alone when a provider nobody sees is edited", async () => {
    const db = getDb();
    const hidden = await makeProvider(db, { slug: "hidden-edit", publicProfile: false });
    const v0 = await readListingVersion(db);
    await db.update(providers).set({ headline: "still hidden" }).where(eq(providers.id, hidden.id));
    expect(await readListingVersion(db)).toBe(v0);
  });
});

describe("list query plans", () => {
  // Regression guard: the ORDER BY must match providers_listed_order_idx exactly (NULLS LAST on both
  // DESC keys), or Postgres sorts every listed provider on each request. Seq scans are disabled so
  // the planner's choice on a tiny table does not hide that.
  it("reads page 1 of each filter in index order, without sorting", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "plan-probe", specialties: ["DESIGN"], featured: true });
    for (const params of [
      { q: undefined, page: 1, limit: 20 },
      { q: undefined, specialty: "DESIGN" as const, page: 1, limit: 20 },
      { q: undefined, featured: true, page: 1, limit: 20 },
      { q: undefined, page: 500, limit: 20 },
    ]) {
      const query = listRowsQuery(db, params).toSQL();
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const rows = await executeRows<Record<string, string>>(tx, sql.raw(`explain ${inlineParams(query.sql, query.params)}`));
        return rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan).toContain("providers_listed_order_idx");
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

/** The statement with its parameters written in, for EXPLAIN (test values only: numbers and enum words). */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    return typeof v === "number" || typeof v === "boolean" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}
