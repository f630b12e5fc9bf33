import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import { makeApiKey, makeMember, makeProviderWithOwner } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { unchangedBy } from "@/test/support/snapshot";
import { GET as GET_PROFILE } from "../../../public/studio/providers/[slug]/route";
import { GET as LIST_PUBLIC } from "../../../public/studio/providers/route";
import { POST as PUBLISH } from "./publish/route";
import { GET, PATCH } from "./route";
import { POST as UNPUBLISH } from "./unpublish/route";

const URL_ = "/api/provider/studio/listing";
const patch = (key: string, json: unknown) => call(PATCH, URL_, { method: "PATCH", key, json });
const LISTING_KEYS = [
  "bannerUrl", "description", "featured", "headline", "logoUrl", "name", "publicProfile", "publishedAt", "responsiveness", "slug",
  // Freshness (extensions §6)
  "confirmedAt", "hiddenReason", "staleHiddenAt", "staleAt", "hideAt",
  "specialties", "websiteUrl",
  // Profile facts (extensions §1)
  "countryCode", "city", "remote", "languages", "teamSize", "hourlyRate", "minProjectBudget", "foundedYear",
  "acceptingClients", "portfolio",
].sort();

async function providerRow(id: string) {
  const [row] = await getDb().select().from(providers).where(eq(providers.id, id));
  return row!;
}

describe("PATCH /api/provider/studio/listing", () => {
  it("updates allowed fields and answers 200 with the full listing", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    const response = await patch(key, {
      headline: "  Sharper headline ",
      specialties: ["DATA", "DESIGN"],
      websiteUrl: "https://new.example/",
      logoUrl: "https://new.example/logo.png",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const listing = await response.json();
    expect(Object.keys(listing).sort()).toEqual(LISTING_KEYS);
    expect(listing).toMatchObject({
      slug: provider.slug,
      name: provider.name,
      headline: "Sharper headline",
      specialties: ["DATA", "DESIGN"],
      websiteUrl: "https://new.example/",
      logoUrl: "https://new.example/logo.png",
      publicProfile: true,
    });
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    expect(audit.map((a) => a.action)).toContain("listing.updated");
  });

  it("clears a URL with null", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb(), { bannerUrl: "https://x.example/b.png" });
    const response = await patch(key, { bannerUrl: null });
    expect((await response.json()).bannerUrl).toBeNull();
    expect((await providerRow(provider.id)).bannerUrl).toBeNull();
  });

  it.each(["name", "slug", "featured", "publicProfile", "approvalStatus", "id", "providerId"])(
    "refuses the not-allowed field %s with 400 naming it, changing nothing",
    async (field) => {
      const { provider, key } = await makeProviderWithOwner(getDb());
      const before = await providerRow(provider.id);
      const response = await patch(key, { headline: "New", [field]: "hacked" });
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem.code).toBe("VALIDATION_FAILED");
      expect(problem.errors).toContainEqual({ path: field, message: expect.stringContaining(field) });
      expect(await providerRow(provider.id)).toEqual(before);
    },
  );

  it.each([
    [{}, ""],
    [{ headline: "x".repeat(161) }, "headline"],
    [{ description: "x".repeat(5001) }, "description"],
    [{ specialties: ["NOPE"] }, "specialties.0"],
    [{ specialties: ["DATA", "DATA"] }, "specialties"],
    [{ websiteUrl: "javascript:alert(1)" }, "websiteUrl"],
    [{ logoUrl: "ftp://files.example/logo.png" }, "logoUrl"],
    [{ bannerUrl: `https://e.com/${"x".repeat(2048)}` }, "bannerUrl"],
    [{ headline: 42 }, "headline"],
  ])("refuses %j with 400 VALIDATION_FAILED at '%s'", async (json, path) => {
    const { key } = await makeProviderWithOwner(getDb());
    const response = await patch(key, json);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toEqual([path]);
  });

  it.each([
    ["sent as text/plain", { "content-type": "text/plain" }],
    ["sent as a form", { "content-type": "application/x-www-form-urlencoded" }],
    ["without a content type", {}],
  ])("refuses a JSON body %s with 415 UNSUPPORTED_MEDIA_TYPE, changing nothing", async (_label, headers) => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    const before = await providerRow(provider.id);
    const response = await call(PATCH, URL_, { method: "PATCH", key, rawBody: JSON.stringify({ headline: "Sent as text" }), headers });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await providerRow(provider.id)).toEqual(before);
  });

  it("shows changes to a published listing publicly at once", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    await patch(key, { headline: "Fresh from the studio" });
    const profile = await call(GET_PROFILE, `/api/public/studio/providers/${provider.slug}`, { params: { slug: provider.slug } });
    expect((await profile.json()).headline).toBe("Fresh from the studio");
  });

  it("forbids a key whose creator is now a MEMBER from writing (403) but lets it read", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db);
    const member = await makeMember(db, { provider, role: "MEMBER" });
    const { key } = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: member.member.id });
    expect((await patch(key, { headline: "x" })).status).toBe(403);
    expect((await call(PUBLISH, `${URL_}/publish`, { method: "POST", key })).status).toBe(403);
    expect((await call(GET, URL_, { key })).status).toBe(200);
  });
});

describe("POST /api/provider/studio/listing/publish and /unpublish", () => {
  it("publishes: publicProfile true, publishedAt now; publishing again changes nothing", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb(), { publicProfile: false, publishedAt: null });
    const before = Date.now();
    const first = await call(PUBLISH, `${URL_}/publish`, { method: "POST", key });
    expect(first.status).toBe(200);
    const listing = await first.json();
    expect(Object.keys(listing).sort()).toEqual(LISTING_KEYS);
    expect(listing.publicProfile).toBe(true);
    expect(new Date(listing.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const rowAfterFirst = await providerRow(provider.id);
    const auditAfterFirst = await getDb().select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    const second = await unchangedBy(getDb(), () => call(PUBLISH, `${URL_}/publish`, { method: "POST", key }));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(listing);
    expect(await providerRow(provider.id)).toEqual(rowAfterFirst);
    expect(await getDb().select().from(auditEvents).where(eq(auditEvents.providerId, provider.id))).toEqual(auditAfterFirst);
    const list = await (await call(LIST_PUBLIC, "/api/public/studio/providers?limit=100")).json();
    expect(list.data.map((p: { slug: string }) => p.slug)).toContain(provider.slug);
  });

  it("unpublishes: gone from the public list and profile at once; listing still readable by its key", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    const response = await call(UNPUBLISH, `${URL_}/unpublish`, { method: "POST", key });
    expect(response.status).toBe(200);
    expect((await response.json()).publicProfile).toBe(false);
    const list = await (await call(LIST_PUBLIC, "/api/public/studio/providers?limit=100")).json();
    expect(list.data.map((p: { slug: string }) => p.slug)).not.toContain(provider.slug);
    const profile = await call(GET_PROFILE, `/api/public/studio/providers/${provider.slug}`, { params: { slug: provider.slug } });
    expect(profile.status).toBe(404);
    expect((await (await call(GET, URL_, { key })).json()).slug).toBe(provider.slug);
  });

  it("does not list a published provider that is not approved", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb(), { approvalStatus: "PENDING", publicProfile: false });
    expect((await call(PUBLISH, `${URL_}/publish`, { method: "POST", key })).status).toBe(200);
    const profile = await call(GET_PROFILE, `/api/public/studio/providers/${provider.slug}`, { params: { slug: provider.slug } });
    expect(profile.status).toBe(404);
  });
});
