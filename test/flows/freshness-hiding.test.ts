// Extensions §6: a listing the freshness clock hides leaves every public list, total, facet, prefix
// total and the sitemap, its profile and inquiries answer 404, and confirming brings all of it back
// with publishedAt unchanged. Hiding goes through the one listing rule (public_profile = false), so the
// triggers keep every count; these tests hold that.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import { listingReportEscalations } from "@/db/schema-freshness";
import { GET as GET_PROFILE } from "@/app/api/public/studio/providers/[slug]/route";
import { POST as SUBMIT_INQUIRY } from "@/app/api/public/studio/providers/[slug]/inquiries/route";
import { GET as LIST_PUBLIC } from "@/app/api/public/studio/providers/route";
import { POST as CONFIRM } from "@/app/api/provider/studio/listing/confirm/route";
import { POST as UNPUBLISH } from "@/app/api/provider/studio/listing/unpublish/route";
import { POST as PUBLISH } from "@/app/api/provider/studio/listing/publish/route";
import { PATCH } from "@/app/api/provider/studio/listing/route";
import { confirmListing } from "@/lib/freshness/confirm-listing";
import { FRESHNESS_ACTOR } from "@/lib/freshness/hide-stale-listing";
import { runFreshnessSweep } from "@/lib/freshness/run-freshness-sweep";
import { listListingFacets } from "@/lib/public-listing/list-listing-facets";
import { providerListQuerySchema } from "@/lib/public-listing/list-query-schema";
import { countListed } from "@/lib/public-listing/list-totals";
import { listSitemapProviders } from "@/lib/public-listing/list-sitemap-providers";
import { makeProviderWithOwner } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function publicState(slug: string) {
  const db = getDb();
  const list = await (await call(LIST_PUBLIC, "/api/public/studio/providers?limit=100")).json();
  const profile = await call(GET_PROFILE, `/api/public/studio/providers/${slug}`, { params: { slug } });
  const facets = await listListingFacets(db);
  return {
    inList: (list.data as { slug: string }[]).some((p) => p.slug === slug),
    total: list.total as number,
    // A one-word search reads its total from the kept prefix counts (migration 0010).
    prefixTotal: await countListed(db, providerListQuerySchema.parse({ q: "frostbre" })),
    specialtyTotal: await countListed(db, providerListQuerySchema.parse({ specialty: "OTHER" })),
    country: facets.countries.includes("IS"),
    language: facets.languages.includes("is"),
    sitemap: (await listSitemapProviders(db)).some((p) => p.slug === slug),
    profile: profile.status,
  };
}

const inquiry = (slug: string) =>
  call(SUBMIT_INQUIRY, `/api/public/studio/providers/${slug}/inquiries`, {
    params: { slug },
    json: { name: "Grace Hopper", email: `grace-${Date.now()}@example.com`, message: "We would like a quote for a new website, please." },
  });

const row = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;

describe("a stale-hidden listing", () => {
  it("leaves lists, totals, prefix totals, facets and the sitemap, answers 404, and comes back on confirm with publishedAt unchanged", async () => {
    const db = getDb();
    const publishedAt = daysAgo(400);
    const { provider, key } = await makeProviderWithOwner(db, {
      name: "Frostbrew Studio",
      countryCode: "IS",
      languages: ["is"],
      specialties: ["OTHER"],
      confirmedAt: daysAgo(211),
      publishedAt,
    });
    const listed = await publicState(provider.slug);
    expect(listed).toMatchObject({ inList: true, prefixTotal: 1, country: true, language: true, sitemap: true, profile: 200 });

    await runFreshnessSweep(db, { now: new Date() });
    const hidden = await publicState(provider.slug);
    expect(hidden).toEqual({
      inList: false,
      total: listed.total - 1,
      prefixTotal: 0,
      specialtyTotal: listed.specialtyTotal - 1,
      country: false,
      language: false,
      sitemap: false,
      profile: 404,
    });
    const refused = await inquiry(provider.slug);
    expect(refused.status).toBe(404);
    expect((await problemOf(refused)).code).toBe("NOT_FOUND");
    expect(await row(provider.id)).toMatchObject({ publicProfile: false, hiddenReason: "STALE", publishedAt });

    const confirmed = await call(CONFIRM, "/api/provider/studio/listing/confirm", { method: "POST", key });
    expect(confirmed.status).toBe(200);
    const listing = await confirmed.json();
    expect(listing).toMatchObject({ publicProfile: true, hiddenReason: null, publishedAt: publishedAt.toISOString() });
    expect(Date.now() - Date.parse(listing.confirmedAt)).toBeLessThan(60_000);
    expect(Date.parse(listing.staleAt) - Date.parse(listing.confirmedAt)).toBe(180 * DAY);
    expect(Date.parse(listing.hideAt) - Date.parse(listing.confirmedAt)).toBe(210 * DAY);
    expect(await publicState(provider.slug)).toEqual(listed);
    expect((await inquiry(provider.slug)).status).toBe(201);
    const actions = (await db.select().from(auditEvents).where(eq(auditEvents.providerId, provider.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["listing.hidden_stale", "listing.confirmed"]));
  });

  it("comes back on a PATCH (saving confirms) but not after its team unpublished it; publishing then sets publishedAt anew", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db, { confirmedAt: daysAgo(215), publishedAt: daysAgo(300) });
    await runFreshnessSweep(db, { now: new Date() });
    expect((await row(provider.id)).hiddenReason).toBe("STALE");

    const saved = await call(PATCH, "/api/provider/studio/listing", { method: "PATCH", key, json: { headline: "Still here" } });
    expect(await saved.json()).toMatchObject({ publicProfile: true, hiddenReason: null, publishedAt: provider.publishedAt!.toISOString() });

    // Hidden again, then unpublished by its team: the hide's reason goes, and a confirm leaves it unpublished.
    await db.update(providers).set({ confirmedAt: daysAgo(215) }).where(eq(providers.id, provider.id));
    await runFreshnessSweep(db, { now: new Date() });
    expect((await row(provider.id)).hiddenReason).toBe("STALE");
    const unpublished = await call(UNPUBLISH, "/api/provider/studio/listing/unpublish", { method: "POST", key });
    expect(await unpublished.json()).toMatchObject({ publicProfile: false, hiddenReason: null });
    expect((await row(provider.id)).staleHiddenAt).toBeNull();
    expect(await (await call(CONFIRM, "/api/provider/studio/listing/confirm", { method: "POST", key })).json()).toMatchObject({
      publicProfile: false,
    });
    const published = await (await call(PUBLISH, "/api/provider/studio/listing/publish", { method: "POST", key })).json();
    expect(published.publicProfile).toBe(true);
    expect(Date.now() - Date.parse(published.publishedAt)).toBeLessThan(60_000);
  });

  it("publishing a stale-hidden listing follows the contract: public again, publishedAt and confirmedAt now", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db, { confirmedAt: daysAgo(215), publishedAt: daysAgo(300) });
    await runFreshnessSweep(db, { now: new Date() });
    const published = await (await call(PUBLISH, "/api/provider/studio/listing/publish", { method: "POST", key })).json();
    expect(published).toMatchObject({ publicProfile: true, hiddenReason: null });
    expect(Date.now() - Date.parse(published.publishedAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(published.confirmedAt)).toBeLessThan(60_000);
    expect((await row(provider.id)).staleHiddenAt).toBeNull();
  });

  it("stays unlisted when its provider is suspended, whatever confirm does, and confirm closes an open escalation", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db, { confirmedAt: daysAgo(215) });
    await runFreshnessSweep(db, { now: new Date() });
    await db.update(providers).set({ approvalStatus: "SUSPENDED" }).where(eq(providers.id, provider.id));
    await db.insert(listingReportEscalations).values({ providerId: provider.id, deadlineAt: new Date(Date.now() + 14 * DAY) });
    await confirmListing(db, { providerId: provider.id, now: new Date(), actor: FRESHNESS_ACTOR });
    expect((await call(GET_PROFILE, `/api/public/studio/providers/${provider.slug}`, { params: { slug: provider.slug } })).status).toBe(404);
    const [escalation] = await db.select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, provider.id));
    expect(escalation).toMatchObject({ closedReason: "CONFIRMED" });
    expect(escalation!.closedAt).toBeInstanceOf(Date);
  });
});
