import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";
import { makeProvider } from "@/test/support/factories";
import { unchangedBy } from "@/test/support/snapshot";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { setProviderFeatured } from "./set-provider-featured";

const actor: Actor = { type: "ADMIN", id: null, label: "admin@example.com", requestId: "req-1" };

const auditFor = (providerId: string) =>
  getDb().select().from(auditEvents).where(and(eq(auditEvents.providerId, providerId), eq(auditEvents.targetType, "provider")));

describe("setProviderFeatured", () => {
  it("features a provider, which then leads the directory, and audits it with the admin and request id", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Featured Soon", publishedAt: new Date("2020-01-01") });
    await makeProvider(db, { name: "Featured Soon Newer" });
    const result = await setProviderFeatured(db, { providerId: provider.id, featured: true, actor });
    expect(result).toEqual({ providerId: provider.id, slug: provider.slug, featured: true, changed: true });
    const page = await listPublicProviderCards(db, { q: "Featured Soon", page: 1, limit: 10 });
    expect(page.data[0]).toMatchObject({ slug: provider.slug, featured: true });
    expect(await auditFor(provider.id)).toEqual([
      expect.objectContaining({ action: "provider.featured", actorType: "ADMIN", actorLabel: actor.label, requestId: "req-1" }),
    ]);
  });

  it("changes nothing and records nothing when the provider is already in that state", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { featured: true });
    const again = await unchangedBy(db, () => setProviderFeatured(db, { providerId: provider.id, featured: true, actor }));
    expect(again.changed).toBe(false);
    expect(await auditFor(provider.id)).toEqual([]);
    const off = await setProviderFeatured(db, { providerId: provider.id, featured: false, actor });
    expect(off).toMatchObject({ changed: true, featured: false });
    const [row] = await db.select().from(providers).where(eq(providers.id, provider.id));
    expect(row!.featured).toBe(false);
    expect((await auditFor(provider.id)).map((e) => e.action)).toEqual(["provider.unfeatured"]);
  });

  it("answers NOT_FOUND for unknown and malformed ids", async () => {
    const db = getDb();
    for (const providerId of [crypto.randomUUID(), "nope"]) {
      await expect(setProviderFeatured(db, { providerId, featured: true, actor })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
