import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerChangeRequests, providerSlugRedirects } from "@/db/schema";
import { makeApiKey, makeMember, makeProviderWithOwner } from "@/lib/testing/factories";
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
      expect(Object.keys(k).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "role"]);
      expect(key.startsWith(k.prefix) || k.revokedAt).toBeTruthy();
    }
    expect(JSON.stringify(view)).not.toContain(key);
    expect(view.oldSlugs).toEqual(["oversee-me-old"]);
    expect(view.pendingChangeRequests).toBe(1);
  });

  it("answers NOT_FOUND for an unknown slug", async () => {
    await expect(getProviderOversight(getDb(), { slug: "nobody-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
