import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerChangeRequests, providerMembers, providerSlugRedirects } from "@/db/schema";
import { makeApiKey, makeMember, makeProviderWithOwner } from "@/test/support/factories";
import { getProviderOversight } from "./get-provider-oversight";

describe("getProviderOversight", () => {
  it("shows the provider, its active members, every key by prefix only, old slugs and open requests", async () => {
    const db = getDb();
    const { provider, owner, key } = await makeProviderWithOwner(db, { slug: "oversee-me", approvalStatus: "SUSPENDED" });
    const invited = await makeMember(db, { provider, role: "ADMIN", inviteStatus: "PENDING" });
    await makeApiKey(db, { provider, revoked: true });
    await db.insert(providerSlugRedirects).values({ oldSlug: "oversee-me-old", providerId: provider.id });
    await db
      .insert(providerChangeRequests)
      .values({ providerId: provider.id, field: "NAME", currentValue: provider.name, requestedValue: "Renamed" });

    const view = await getProviderOversight(db, { slug: "oversee-me" });
    expect(view.provider).toMatchObject({ id: provider.id, slug: "oversee-me", approvalStatus: "SUSPENDED" });
    expect(view.members.map((m) => [m.user.email, m.role, m.inviteStatus])).toEqual([
      [owner.user.email, "OWNER", "ACCEPTED"],
      [invited.user.email, "ADMIN", "PENDING"],
    ]);
    expect(view.apiKeys).toHaveLength(2);
    expect(view.apiKeys.filter((k) => k.revokedAt)).toHaveLength(1);
    for (const k of view.apiKeys) {
      expect(Object.keys(k).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "role", "status"]);
      expect(key.startsWith(k.prefix) || k.revokedAt).toBeTruthy();
    }
    expect(JSON.stringify(view)).not.toContain(key);
    expect(view.oldSlugs).toEqual(["oversee-me-old"]);
    expect(view.pendingChangeRequests).toBe(1);
  });

  it("says which keys work, by the rule the API applies: revoked, expired, or their creator left", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db, { slug: "oversee-keys" });
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const gone = await makeMember(db, { provider, role: "ADMIN" });
    await db.update(providerMembers).set({ revokedAt: new Date() }).where(eq(providerMembers.id, gone.member.id));
    const working = await makeApiKey(db, { provider, createdByMemberId: admin.member.id });
    const orphaned = await makeApiKey(db, { provider, createdByMemberId: gone.member.id });
    const expired = await makeApiKey(db, { provider, createdByMemberId: admin.member.id, expiresAt: new Date(Date.now() - 1000) });
    const status = new Map((await getProviderOversight(db, { slug: "oversee-keys" })).apiKeys.map((k) => [k.id, k.status]));
    expect([status.get(working.id), status.get(orphaned.id), status.get(expired.id)]).toEqual([
      "active",
      "creator-left",
      "expired",
    ]);
  });

  it("answers NOT_FOUND for an unknown slug", async () => {
    await expect(getProviderOversight(getDb(), { slug: "nobody-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
