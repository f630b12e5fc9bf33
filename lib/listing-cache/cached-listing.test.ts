// Caching that survives edits (issue 14 item 3): an edit re-reads only the answers it may change,
// every instance serves a committed change on its next request, concurrent misses share one query,
// and an instance that missed trimmed change rows starts over. An "instance" is a drizzle client of
// its own over the one database (countingDb), which also records every statement it sends.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { providers, providerSlugRedirects } from "@/db/schema";
import { metrics } from "@/lib/metrics/registry";
import type { ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { countingDb } from "@/test/support/counting-db";
import { makeProvider } from "@/test/support/factories";
import { listPublicProviderCards, listPublicProvidersJson } from "./cached-listing";
import { getPublicProviderJson, getPublicProviderOrRedirect } from "./cached-profile";
import { trimListingChanges } from "./trim-listing-changes";

const at = (day: number) => new Date(Date.UTC(2024, 0, day));
const list = (q: Partial<ProviderListQuery>): ProviderListQuery => ({ q: undefined, page: 1, limit: 20, ...q });

/** An instance over the test database, and what it read beyond the listing's version and change rows. */
function instance() {
  const { db, statements } = countingDb(getDb());
  return {
    db,
    /** Runs `read` and says whether it queried providers or counts (not only the version and the change log). */
    async queried(read: (db: Db) => Promise<unknown>): Promise<boolean> {
      statements.length = 0;
      await read(db);
      return statements.some((s) => !/"provider_listing_(state|changes)"/.test(s));
    },
    statements,
  };
}

const slugsOf = async (db: Db, q: ProviderListQuery) => (await listPublicProviderCards(db, q)).data.map((c) => c.slug);

describe("an edit to one listing", () => {
  it("re-reads the pages, totals and profiles it may change, and serves every other answer from the cache", async () => {
    const db = getDb();
    const a = await makeProvider(db, { slug: "nz-a", name: "Kiwi A", countryCode: "NZ", specialties: ["DESIGN"], publishedAt: at(1) });
    await makeProvider(db, { slug: "nz-b", name: "Kiwi B", countryCode: "NZ", specialties: ["DATA"], publishedAt: at(2) });
    await makeProvider(db, { slug: "nz-c", name: "Kiwi C", countryCode: "NZ", specialties: ["DATA"], publishedAt: at(3) });
    const pages = {
      data: list({ country: "NZ", specialty: "DATA" }), // B, C: A does not match
      design: list({ country: "NZ", specialty: "DESIGN" }), // A
      newestOne: list({ country: "NZ", limit: 1 }), // C: A matches, but is not on it
      search: list({ country: "NZ", q: "kiwi" }), // A, B, C
    };
    const one = instance();
    for (const q of Object.values(pages)) await listPublicProvidersJson(one.db, q);
    for (const slug of ["nz-a", "nz-b"]) await getPublicProviderJson(one.db, { slug });
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.data)), "warm").toBe(false);

    // A's headline: on A's page and profile, and in the searched text; not a change of any list's order.
    await db.update(providers).set({ headline: "Kiwi design, edited" }).where(eq(providers.id, a.id));
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.data)), "DATA page (A does not match)").toBe(false);
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.newestOne)), "page A matches but is not on").toBe(false);
    expect(await one.queried((i) => getPublicProviderJson(i, { slug: "nz-b" })), "B's profile").toBe(false);
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.design)), "A's page").toBe(true);
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.search)), "a search A passes the filters of").toBe(true);
    expect(await one.queried((i) => getPublicProviderJson(i, { slug: "nz-a" })), "A's profile").toBe(true);
    expect((await listPublicProviderCards(one.db, pages.design)).data[0]?.headline).toBe("Kiwi design, edited");

    // A becomes the newest: the order of every list A matches moves, so their pages are read again.
    await db.update(providers).set({ publishedAt: at(9) }).where(eq(providers.id, a.id));
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.data)), "DATA page after A moved").toBe(false);
    expect(await slugsOf(one.db, pages.newestOne)).toEqual(["nz-a"]);

    // A joins DATA: that list and its total change; the page A is on shows its specialties.
    await db.update(providers).set({ specialties: ["DATA"] }).where(eq(providers.id, a.id));
    expect(await one.queried((i) => getPublicProviderJson(i, { slug: "nz-b" })), "B's profile, after A's moves").toBe(false);
    expect(await one.queried((i) => listPublicProvidersJson(i, pages.newestOne)), "the page A is on").toBe(true);
    expect((await listPublicProviderCards(one.db, pages.data)).total).toBe(3);
  });

  it("keeps a filter's total through edits that change no list's members, and counts again when one does", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "is-total", countryCode: "IS", acceptingClients: true });
    const one = instance();
    const accepting = list({ country: "IS", acceptingClients: true });
    expect((await listPublicProviderCards(one.db, accepting)).total).toBe(1);
    const counted = () => one.statements.some((s) => s.includes("count("));

    await db.update(providers).set({ description: "A longer story." }).where(eq(providers.id, p.id));
    one.statements.length = 0;
    // Page 2 of the same filter: a new page, the total already known.
    await listPublicProviderCards(one.db, { ...accepting, page: 2 });
    expect(counted(), "total counted again after an edit of the description").toBe(false);

    await db.update(providers).set({ acceptingClients: false }).where(eq(providers.id, p.id));
    one.statements.length = 0;
    expect((await listPublicProviderCards(one.db, { ...accepting, page: 3 })).total).toBe(0);
    expect(counted()).toBe(true);
  });

  it("keeps a search's pages and total through text edits of providers it matches neither before nor after", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "fjord-works", name: "Fjordwise Works", countryCode: "NO" });
    const other = await makeProvider(db, { slug: "fjord-other", name: "Other Thing", countryCode: "NO", headline: "" });
    const one = instance();
    const search = list({ q: "fjordwise" });
    expect(await slugsOf(one.db, search)).toEqual(["fjord-works"]);

    await db.update(providers).set({ headline: "Nothing to do with it" }).where(eq(providers.id, other.id));
    expect(await one.queried((i) => listPublicProvidersJson(i, search)), "an edit the search does not match").toBe(false);
    one.statements.length = 0;
    await listPublicProviderCards(one.db, { ...search, page: 2 });
    expect(one.statements.some((s) => s.includes("count(")), "its total, counted again for a new page").toBe(false);

    await db.update(providers).set({ headline: "Fjordwise fans" }).where(eq(providers.id, other.id));
    expect((await listPublicProviderCards(one.db, search)).total).toBe(2);
  });

  it("sends an old slug's cached redirect to the provider's next slug, and drops it when the provider is unpublished", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "redirect-target" });
    await db.insert(providerSlugRedirects).values({ oldSlug: "redirect-old", providerId: p.id });
    const one = instance();
    expect(await getPublicProviderOrRedirect(one.db, { slug: "redirect-old" })).toEqual({ kind: "moved", slug: "redirect-target" });
    await db.update(providers).set({ slug: "redirect-next" }).where(eq(providers.id, p.id));
    expect(await getPublicProviderOrRedirect(one.db, { slug: "redirect-old" })).toEqual({ kind: "moved", slug: "redirect-next" });
    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, p.id));
    await expect(getPublicProviderOrRedirect(one.db, { slug: "redirect-old" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("two instances over one database", () => {
  it("serve a change committed through either one on their very next request", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "two-instances", name: "Before", countryCode: "FJ" });
    const one = instance();
    const two = instance();
    const fiji = list({ country: "FJ" });
    for (const i of [one, two]) {
      expect((await listPublicProviderCards(i.db, fiji)).data.map((c) => c.name)).toEqual(["Before"]);
      expect(await getPublicProviderOrRedirect(i.db, { slug: "two-instances" })).toMatchObject({ profile: { name: "Before" } });
    }
    await one.db.update(providers).set({ name: "After" }).where(eq(providers.id, p.id));
    for (const i of [two, one]) {
      expect((await listPublicProviderCards(i.db, fiji)).data.map((c) => c.name)).toEqual(["After"]);
      expect(await getPublicProviderOrRedirect(i.db, { slug: "two-instances" })).toMatchObject({ profile: { name: "After" } });
    }
    await two.db.update(providers).set({ publicProfile: false }).where(eq(providers.id, p.id));
    for (const i of [one, two]) {
      expect(await listPublicProviderCards(i.db, fiji)).toMatchObject({ data: [], total: 0 });
      await expect(getPublicProviderOrRedirect(i.db, { slug: "two-instances" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });
});

describe("concurrent misses", () => {
  it("share one query for a page, one for a profile, and one count for a filter's pages", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "flight-one", countryCode: "TO", languages: ["to"] });
    const { db: fresh, statements } = countingDb(db);
    const reads = (table: string) => statements.filter((s) => s.includes(`from "${table}"`)).length;
    // Two filters: a list filtered by one country alone reads its total from the facet counts instead.
    const tonga = list({ country: "TO", remote: true });

    await Promise.all(Array.from({ length: 8 }, () => listPublicProvidersJson(fresh, tonga)));
    await Promise.all(Array.from({ length: 8 }, () => getPublicProviderJson(fresh, { slug: "flight-one" })));
    // The page's rows, its count and the profile: one statement each.
    expect(reads("providers")).toBe(3);

    statements.length = 0;
    // Four pages of one filter at once: four row reads, one count.
    await Promise.all([1, 2, 3, 4].map((page) => listPublicProvidersJson(fresh, { ...list({ language: "to", acceptingClients: true }), page })));
    expect(statements.filter((s) => s.includes("count(")).length).toBe(1);
    expect(reads("providers")).toBe(5);
  });
});

describe("a trimmed change log", () => {
  it("makes an instance that had not applied the trimmed rows drop every answer, and leaves an up-to-date one alone", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "trim-edited", countryCode: "WS" });
    await makeProvider(db, { slug: "trim-other", countryCode: "VU" });
    const behind = instance();
    const vanuatu = list({ country: "VU" });
    await listPublicProvidersJson(behind.db, vanuatu);
    await db.update(providers).set({ headline: "Edited before the trim" }).where(eq(providers.id, p.id));
    const upToDate = instance();
    await listPublicProvidersJson(upToDate.db, vanuatu);

    expect((await trimListingChanges(db, { keptHours: 0 })).deleted).toBeGreaterThan(0);
    // The edit touched nothing Vanuatu lists, but its row is gone: "behind" cannot know that.
    expect(await behind.queried((i) => listPublicProvidersJson(i, vanuatu))).toBe(true);
    expect(await upToDate.queried((i) => listPublicProvidersJson(i, vanuatu))).toBe(false);
    // Once caught up, "behind" weighs changes precisely again.
    await db.update(providers).set({ headline: "Edited after the trim" }).where(eq(providers.id, p.id));
    expect(await behind.queried((i) => listPublicProvidersJson(i, vanuatu))).toBe(false);
  });
});

describe("the listing cache's metrics", () => {
  it("counts each lookup as a hit or a miss, per kind of answer", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "metrics-probe", countryCode: "KI" });
    const count = async (cache: string, result: string) =>
      (await metrics().listingCacheLookups.get()).values.find((v) => v.labels.cache === cache && v.labels.result === result)?.value ?? 0;
    const before = { pageMiss: await count("pages", "miss"), pageHit: await count("pages", "hit"), profileHit: await count("profiles", "hit") };
    const one = instance();
    await listPublicProvidersJson(one.db, list({ country: "KI" }));
    await listPublicProvidersJson(one.db, list({ country: "KI" }));
    await getPublicProviderJson(one.db, { slug: "metrics-probe" });
    await getPublicProviderJson(one.db, { slug: "metrics-probe" });
    expect(await count("pages", "miss")).toBe(before.pageMiss + 1);
    expect(await count("pages", "hit")).toBe(before.pageHit + 1);
    expect(await count("profiles", "hit")).toBe(before.profileHit + 1);
  });
});
