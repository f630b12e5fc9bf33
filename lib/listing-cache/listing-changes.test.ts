// The change log the triggers write (migration 0007) and how an instance reads it.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows, type Db } from "@/db/client";
import { providerListingChanges, providers } from "@/db/schema";
import { refreshResponsiveness } from "@/lib/inquiries/refresh-responsiveness";
import { seedBulkProviders } from "@/scripts/seed/bulk";
import { countingDb } from "@/test/support/counting-db";
import { makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { listPublicProvidersJson } from "./cached-listing";
import { readListingVersion } from "./listing-version";

const version = async (db: Db) => Number(await readListingVersion(db));
const rowsAfter = (db: Db, seq: number) =>
  db.select().from(providerListingChanges).where(sql`${providerListingChanges.seq} > ${seq}`).orderBy(providerListingChanges.seq);

describe("the listing change log", () => {
  it("writes one row per changed listed provider, its place before and after, and makes its number the version", async () => {
    const db = getDb();
    const v0 = await version(db);
    const p = await makeProvider(db, { slug: "log-one", name: "Log One", specialties: ["DATA"], countryCode: "PT" });
    const [created] = await rowsAfter(db, v0);
    expect(created).toMatchObject({ providerId: p.id, before: null, after: { slug: "log-one", countryCode: "PT", specialties: ["DATA"] } });
    expect(await version(db)).toBe(created!.seq);

    await db.update(providers).set({ featured: true }).where(eq(providers.id, p.id));
    const [featured] = await rowsAfter(db, created!.seq);
    expect(featured).toMatchObject({ before: { featured: false }, after: { featured: true }, searchChanged: false });
    await db.update(providers).set({ headline: "New words" }).where(eq(providers.id, p.id));
    expect((await rowsAfter(db, featured!.seq))[0]).toMatchObject({ searchChanged: true });
    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, p.id));
    expect((await rowsAfter(db, featured!.seq))[1]).toMatchObject({ before: { slug: "log-one" }, after: null });

    // Nothing public changed: no row, same version.
    const v1 = await version(db);
    await db.update(providers).set({ headline: "Hidden words" }).where(eq(providers.id, p.id));
    const listed = await makeProvider(db, { slug: "log-same" });
    const v2 = await version(db);
    await db.update(providers).set({ name: listed.name }).where(eq(providers.id, listed.id));
    expect(await version(db)).toBe(v2);
    expect((await rowsAfter(db, v1)).map((r) => r.providerId)).toEqual([listed.id]);
  });

  it("writes the provider's search words where its text changed or it was listed on one side only", async () => {
    const db = getDb();
    const v0 = await version(db);
    const p = await makeProvider(db, { slug: "words-one", name: "Wörds Cloud", headline: "", description: "", specialties: ["DATA"] });
    const [created] = await rowsAfter(db, v0);
    expect(created).toMatchObject({ searchBefore: null, searchAfter: expect.arrayContaining(["words", "cloud", "data"]) });

    await db.update(providers).set({ featured: true }).where(eq(providers.id, p.id));
    const [featured] = await rowsAfter(db, created!.seq);
    expect(featured).toMatchObject({ searchChanged: false, searchBefore: null, searchAfter: null });

    await db.update(providers).set({ headline: "Studio" }).where(eq(providers.id, p.id));
    const [edited] = await rowsAfter(db, featured!.seq);
    expect(edited!.searchBefore!.sort()).toEqual(["cloud", "data", "words"]);
    expect(edited!.searchAfter!.sort()).toEqual(["cloud", "data", "studio", "words"]);

    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, p.id));
    const [hidden] = await rowsAfter(db, edited!.seq);
    expect(hidden).toMatchObject({ after: null, searchBefore: expect.arrayContaining(["studio"]), searchAfter: null });
    await db.update(providers).set({ publicProfile: true }).where(eq(providers.id, p.id));
    const [shown] = await rowsAfter(db, hidden!.seq);
    expect(shown).toMatchObject({ before: null, searchBefore: null, searchAfter: expect.arrayContaining(["studio"]) });

    await db.delete(providers).where(eq(providers.id, p.id));
    const [deleted] = await rowsAfter(db, shown!.seq);
    expect(deleted).toMatchObject({ after: null, searchBefore: expect.arrayContaining(["studio"]), searchAfter: null });
  });

  it("writes one 'everything changed' row for a statement changing more than 1 000 listed providers, and instances start over", async () => {
    const db = getDb();
    const { db: instance, statements } = countingDb(db);
    const query = { q: undefined, country: "MT", page: 1, limit: 20 };
    await listPublicProvidersJson(instance, query);
    const v0 = await version(db);
    await seedBulkProviders(db, { count: 1_500 });
    // Two statements of over 1 000 rows each (the insert, then the ranking of what it loaded): one
    // "everything changed" row each, no row per provider.
    const rows = await rowsAfter(db, v0);
    expect(rows).toEqual([
      expect.objectContaining({ providerId: null, before: null, after: null }),
      expect.objectContaining({ providerId: null, before: null, after: null }),
    ]);
    statements.length = 0;
    await listPublicProvidersJson(instance, query);
    expect(statements.some((s) => s.includes('from "providers"'))).toBe(true);
    await db.delete(providers).where(sql`${providers.slug} like 'bench-%'`);
  });

  it("turns a version set by hand into an 'everything changed' row", async () => {
    const db = getDb();
    const v0 = await version(db);
    await db.execute(sql`update provider_listing_state set version = nextval('provider_listing_version_seq')::text where id = 1`);
    const rows = await rowsAfter(db, v0);
    expect(rows).toEqual([expect.objectContaining({ providerId: null, seq: await version(db) })]);
  });

  it("logs a change of a listed provider's responsiveness as a change of its profile alone", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "log-responsive" });
    const v0 = await version(db);
    for (let i = 0; i < 5; i++) {
      await db.execute(sql`insert into inquiries (provider_id, sender_name, sender_email, message, status, token_hash, token_expires_at, delivered_at, first_response_at)
        values (${p.id}, 'S', ${`s${i}@example.com`}, 'Hello', 'REPLIED', ${`log-responsive-${i}`}, now() + interval '1 day', now() - interval '10 hours', now() - interval '8 hours')`);
    }
    await db.transaction((tx) => refreshResponsiveness(tx, { providerId: p.id }));
    const rows = await rowsAfter(db, v0);
    expect(rows).toEqual([expect.objectContaining({ providerId: p.id, searchChanged: false })]);
    expect(rows[0]!.before).toEqual(rows[0]!.after);
    expect(await version(db)).toBe(rows[0]!.seq);
  });

  it("numbers rows in the order their transactions commit: a writer waits for the version row before drawing one", raceTest, async () => {
    const db = getDb();
    const first = await makeProvider(db, { slug: "log-race-first" });
    const second = await makeProvider(db, { slug: "log-race-second" });
    const v0 = await version(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
    const one = db.transaction(async (tx) => {
      await tx.update(providers).set({ headline: "first" }).where(eq(providers.id, first.id));
      wrote();
      await held;
    });
    await firstWrote;
    const drawn = async () => (await executeRows<{ n: string }>(db, sql`select last_value::text as n from provider_listing_version_seq`))[0]!.n;
    const drawnByFirst = await drawn();
    const two = db.update(providers).set({ headline: "second" }).where(eq(providers.id, second.id)).then(() => "committed");
    // Until the first commits, the second waits on a lock (it has drawn no number yet).
    expect(await Promise.race([two, waitingForLock(db).then(() => "waiting")])).toBe("waiting");
    expect(await drawn()).toBe(drawnByFirst);
    release();
    await Promise.all([one, two]);
    expect((await rowsAfter(db, v0)).map((r) => r.providerId)).toEqual([first.id, second.id]);
  });
});

/** Resolves once some session of this database waits for a lock (polled: no fixed sleep). */
async function waitingForLock(db: Db): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no session waited for a lock");
}
