import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys, providerMembers } from "@/db/schema";
import { makeApiKey, makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { listApiKeys, RECENTLY_REVOKED_DAYS } from "./list-api-keys";

const DAY = 86_400_000;

describe("listApiKeys", () => {
  it("says who made each key and whether it works, newest first, with recently revoked keys only", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const other = await makeProvider(db);
    const olivia = await makeMember(db, { provider, role: "OWNER", user: await makeUser(db, { name: "Olivia", email: "olivia-keys@example.com" }) });
    const leaver = await makeMember(db, { provider, role: "ADMIN" });
    const demoted = await makeMember(db, { provider, role: "MEMBER" });
    const now = new Date();
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

    const make = async (name: string, daysAgo: number, params: Parameters<typeof makeApiKey>[1]) => {
      const { id } = await makeApiKey(db, params);
      await db.update(apiKeys).set({ name, createdAt: at(daysAgo) }).where(eq(apiKeys.id, id));
      return id;
    };
    const cli = await make("cli", 1, { provider, role: "OWNER" });
    const mine = await make("mine", 2, { provider, role: "OWNER", createdByMemberId: olivia.member.id, expiresAt: new Date(now.getTime() + DAY) });
    const expired = await make("expired", 3, { provider, role: "OWNER", createdByMemberId: olivia.member.id, expiresAt: at(0.5) });
    const left = await make("left", 4, { provider, role: "ADMIN", createdByMemberId: leaver.member.id });
    const readOnly = await make("read-only", 5, { provider, role: "ADMIN", createdByMemberId: demoted.member.id });
    const revokedLately = await make("revoked lately", 6, { provider, role: "ADMIN" });
    const revokedLongAgo = await make("revoked long ago", 60, { provider, role: "ADMIN" });
    await make("theirs", 1, { provider: other, role: "OWNER" });
    await db.update(apiKeys).set({ revokedAt: at(1) }).where(eq(apiKeys.id, revokedLately));
    await db.update(apiKeys).set({ revokedAt: at(RECENTLY_REVOKED_DAYS + 1) }).where(eq(apiKeys.id, revokedLongAgo));
    await db.update(providerMembers).set({ revokedAt: now }).where(eq(providerMembers.id, leaver.member.id));

    const keys = await listApiKeys(db, { providerId: provider.id, now });
    expect(keys.map((k) => [k.name, k.status])).toEqual([
      ["cli", "active"],
      ["mine", "active"],
      ["expired", "expired"],
      ["left", "creator-left"],
      ["read-only", "active"],
      ["revoked lately", "revoked"],
    ]);
    const byId = new Map(keys.map((k) => [k.id, k]));
    expect(byId.get(cli)).toMatchObject({ createdBy: null, role: "OWNER", actingRole: "OWNER", lastUsedAt: null });
    expect(byId.get(mine)).toMatchObject({
      createdBy: { memberId: olivia.member.id, name: "Olivia", email: "olivia-keys@example.com", onTeam: true },
      expiresAt: expect.any(Date),
    });
    expect(byId.get(expired)!.status).toBe("expired");
    expect(byId.get(left)).toMatchObject({ createdBy: { email: leaver.user.email, onTeam: false }, actingRole: "ADMIN" });
    expect(byId.get(readOnly)).toMatchObject({ role: "ADMIN", actingRole: "MEMBER" });
    expect(byId.get(revokedLately)!.revokedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(keys)).not.toMatch(/keyHash|key_hash/);
  });

  it("lists nothing for a provider without keys", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    expect(await listApiKeys(db, { providerId: provider.id })).toEqual([]);
  });
});
