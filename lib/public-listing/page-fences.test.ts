// Deep pages seek from fences: every page equals the plain OFFSET answer, ties and filters included.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { seedBulkProviders } from "@/scripts/seed/bulk";
import { countingDb } from "@/test/support/counting-db";
import { makeProvider } from "@/test/support/factories";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { providerListQuerySchema, type ProviderListQuery } from "./list-query-schema";
import { listRowsQuery } from "./list-query-sql";
import { FENCE_EVERY, listPageRows } from "./page-fences";

beforeAll(async () => {
  const db = getDb();
  await db.delete(providers);
  await seedBulkProviders(db, { count: 3_000 });
  // Ties on publishedAt and on lower(name) across fence boundaries: groups of 7 share one key.
  await db.execute(sql`update providers set published_at = timestamptz '2025-06-01 12:00:00.123456+00' + (substring(slug from 7)::int / 7) * interval '1 second'
                       where slug like 'bench-%' and published_at is not null and substring(slug from 7)::int % 3 = 0`);
  await db.execute(sql`update providers set name = 'Tied ' || (substring(slug from 7)::int / 5) where slug like 'bench-%' and substring(slug from 7)::int % 4 = 0`);
});

const plainPage = (query: ProviderListQuery) => listRowsQuery(getDb(), query).then((rows) => rows.map((r) => r.slug));

describe("deep pages from fences", () => {
  const cases = [
    { label: "no filter", filters: {} },
    { label: "specialty", filters: { specialty: "DESIGN" } },
    { label: "featured", filters: { featured: "true" } },
    { label: "search", filters: { q: "cloud" } },
  ];
  for (const { label, filters } of cases) {
    for (const sort of ["featured", "newest", "name"]) {
      it(`answers every deep page exactly as OFFSET does (${label}, sort=${sort})`, async () => {
        const db = getDb();
        const first = await listPublicProviderCards(db, providerListQuerySchema.parse({ ...filters, sort }));
        for (const limit of [20, 37]) {
          const lastPage = Math.ceil(first.total / limit) + 1;
          for (const page of new Set([Math.ceil(FENCE_EVERY / limit), Math.floor(lastPage / 2), lastPage - 1, lastPage, 1 + Math.floor(FENCE_EVERY / limit)])) {
            if (page < 1) continue;
            const query = providerListQuerySchema.parse({ ...filters, sort, page: String(page), limit: String(limit) });
            const answer = await listPublicProviderCards(db, query);
            expect(answer.data.map((d) => d.slug), `page ${page} limit ${limit}`).toEqual(await plainPage(query));
            expect(answer.total).toBe(first.total);
          }
        }
      });
    }
  }

  it("seeks through the index instead of skipping page × limit rows", async () => {
    const { db, statements } = countingDb(getDb());
    for (const sort of ["featured", "newest", "name"] as const) {
      statements.length = 0;
      const query = providerListQuerySchema.parse({ sort, page: "120", limit: "20" });
      expect((await listPageRows(db, query)).map((r) => r.slug)).toEqual(await plainPage(query));
      const pageStatement = statements.find((s) => s.includes("limit"));
      expect(pageStatement, sort).toMatch(sort === "name" ? /lower\("providers"\."name"\) >= / : /<= /);
    }
  });

  it("falls back to OFFSET, still exact, when a listed provider has no publishedAt", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "zz-unpublished-date", name: "No Date", publishedAt: null });
    for (const sort of ["featured", "newest"]) {
      const query = providerListQuerySchema.parse({ sort, page: "130", limit: "20" });
      const answer = await listPublicProviderCards(db, query);
      expect(answer.data.map((d) => d.slug)).toEqual(await plainPage(query));
    }
    const lastNewest = providerListQuerySchema.parse({ sort: "newest", page: "1", limit: "1" });
    const total = (await listPublicProviderCards(db, lastNewest)).total;
    const last = await listPublicProviderCards(db, { ...lastNewest, page: total });
    expect(last.data.map((d) => d.slug)).toEqual(["zz-unpublished-date"]);
  });

  it("walks a list once for concurrent deep pages, and again only after a change that moves a provider in that list", async () => {
    const db = getDb();
    const { db: instance, statements } = countingDb(db);
    const walks = () => statements.filter((s) => s.includes("row_number()")).length;
    const deep = (page: number) => providerListQuerySchema.parse({ remote: "true", page: String(page), limit: "20" });
    await Promise.all([60, 61, 62, 63].map((page) => listPublicProviderCards(instance, deep(page))));
    expect(walks()).toBe(1);

    // An edit of a provider outside the list, and one that changes no list's order: the fences stay.
    const [outside] = await db.select().from(providers).where(sql`not ${providers.remote} and ${providers.publicProfile} and approval_status = 'APPROVED' and slug like 'bench-%'`).limit(1);
    await db.update(providers).set({ featured: !outside!.featured }).where(sql`${providers.id} = ${outside!.id}`);
    const [inside] = await db.select().from(providers).where(sql`${providers.remote} and ${providers.publicProfile} and approval_status = 'APPROVED' and slug like 'bench-%'`).limit(1);
    await db.update(providers).set({ headline: "Still in its place" }).where(sql`${providers.id} = ${inside!.id}`);
    await listPublicProviderCards(instance, deep(64));
    expect(walks()).toBe(1);

    await db.update(providers).set({ featured: !inside!.featured }).where(sql`${providers.id} = ${inside!.id}`);
    const answer = await listPublicProviderCards(instance, deep(65));
    expect(walks()).toBe(2);
    expect(answer.data).toHaveLength(20);
    expect(answer.data.map((d) => d.slug)).toEqual(await plainPage(deep(65)));
  });
});
