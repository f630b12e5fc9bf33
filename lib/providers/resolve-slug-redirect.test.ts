import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";
import { resolveSlugRedirect } from "./resolve-slug-redirect";

describe("resolveSlugRedirect", () => {
  it("follows an old slug to a listed provider's current slug, and hidden providers only for the admin console", async () => {
    const db = getDb();
    const listed = await makeProvider(db, { slug: "listed-now" });
    const hidden = await makeProvider(db, { slug: "hidden-now", publicProfile: false });
    const suspended = await makeProvider(db, { slug: "suspended-now", approvalStatus: "SUSPENDED" });
    await db.insert(providerSlugRedirects).values([
      { oldSlug: "listed-was", providerId: listed.id },
      { oldSlug: "hidden-was", providerId: hidden.id },
      { oldSlug: "suspended-was", providerId: suspended.id },
    ]);
    expect(await resolveSlugRedirect(db, { slug: "listed-was" })).toBe("listed-now");
    expect(await resolveSlugRedirect(db, { slug: "hidden-was" })).toBeNull();
    expect(await resolveSlugRedirect(db, { slug: "suspended-was" })).toBeNull();
    expect(await resolveSlugRedirect(db, { slug: "never-was" })).toBeNull();
    expect(await resolveSlugRedirect(db, { slug: "hidden-was", listedOnly: false })).toBe("hidden-now");
  });
});

describe("getPublicProviderOrRedirect", () => {
  it("answers a current slug with the profile, an old one with where it moved, anything else NOT_FOUND", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "lookup-now", name: "Lookup" });
    await db.insert(providerSlugRedirects).values({ oldSlug: "lookup-was", providerId: provider.id });
    expect(await getPublicProviderOrRedirect(db, { slug: "lookup-now" })).toEqual({
      kind: "profile",
      profile: expect.objectContaining({ slug: "lookup-now", name: "Lookup" }),
    });
    expect(await getPublicProviderOrRedirect(db, { slug: "lookup-was" })).toEqual({ kind: "moved", slug: "lookup-now" });
    await expect(getPublicProviderOrRedirect(db, { slug: "lookup-never" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("prefers a listed provider that now has an old slug over the redirect", async () => {
    const db = getDb();
    const moved = await makeProvider(db, { slug: "shared-new" });
    await db.insert(providerSlugRedirects).values({ oldSlug: "shared-old", providerId: moved.id });
    await makeProvider(db, { slug: "shared-old", name: "Holder" });
    expect(await getPublicProviderOrRedirect(db, { slug: "shared-old" })).toMatchObject({
      kind: "profile",
      profile: { name: "Holder" },
    });
  });
});
