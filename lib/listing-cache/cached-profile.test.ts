import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers, providerSlugRedirects } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { getPublicProviderJson, getPublicProviderOrRedirect } from "./cached-profile";

describe("public profiles between listing changes", () => {
  it("answers repeated reads from one serialisation, and a change written by another instance on the next read", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "profile-fresh", name: "Profile Original" });
    const first = await getPublicProviderJson(db, { slug: "profile-fresh" });
    const again = await getPublicProviderJson(db, { slug: "profile-fresh" });
    if (first.kind !== "profile" || again.kind !== "profile") throw new Error("expected profiles");
    expect(again.json).toBe(first.json);

    // Behind the app's back, as another app instance would write it: only the database knows.
    await db.execute(sql`update providers set description = 'Rewritten elsewhere' where id = ${p.id}`);
    const after = await getPublicProviderJson(db, { slug: "profile-fresh" });
    if (after.kind !== "profile") throw new Error("expected a profile");
    expect(JSON.parse(after.json.body)).toMatchObject({ description: "Rewritten elsewhere" });
    expect(after.json.etag).not.toBe(first.json.etag);
  });

  it("stops answering a cached profile as soon as it is unpublished", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "profile-hidden-later" });
    expect(await getPublicProviderOrRedirect(db, { slug: "profile-hidden-later" })).toMatchObject({ kind: "profile" });
    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, p.id));
    await expect(getPublicProviderOrRedirect(db, { slug: "profile-hidden-later" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("answers a slug that was missing once its provider is listed, without a stale miss", async () => {
    const db = getDb();
    await expect(getPublicProviderOrRedirect(db, { slug: "profile-later" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const p = await makeProvider(db, { slug: "profile-later", publicProfile: false });
    await expect(getPublicProviderOrRedirect(db, { slug: "profile-later" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.update(providers).set({ publicProfile: true }).where(eq(providers.id, p.id));
    expect(await getPublicProviderOrRedirect(db, { slug: "profile-later" })).toMatchObject({ kind: "profile" });
  });

  it("follows a slug change to the new address on the next read of the old one", async () => {
    const db = getDb();
    const p = await makeProvider(db, { slug: "profile-old-address" });
    expect(await getPublicProviderJson(db, { slug: "profile-old-address" })).toMatchObject({ kind: "profile" });
    // What an approved slug change writes, in one transaction.
    await db.transaction(async (tx) => {
      await tx.update(providers).set({ slug: "profile-new-address" }).where(eq(providers.id, p.id));
      await tx.insert(providerSlugRedirects).values({ oldSlug: "profile-old-address", providerId: p.id });
    });
    expect(await getPublicProviderJson(db, { slug: "profile-old-address" })).toEqual({
      kind: "moved",
      slug: "profile-new-address",
    });
  });
});
