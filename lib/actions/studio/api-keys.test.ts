import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { apiKeys, auditEvents } from "@/db/schema";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { makeApiKey, makeMember, makeProvider, makeProviderWithOwner } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import { createApiKeyAction, revokeApiKeyAction } from "./api-keys";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function team() {
  const db = getDb();
  const { provider, owner, key: ownerKey } = await makeProviderWithOwner(db);
  const admin = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  return { db, provider, owner, admin, member, ownerKey };
}

async function keyCount(providerId: string) {
  return (await getDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.providerId, providerId))).length;
}

async function auditCount(providerId: string) {
  return (await getDb().select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.providerId, providerId))).length;
}

describe("createApiKeyAction", () => {
  it("gives an OWNER a working OWNER key once, made by their membership, and records who made it", async () => {
    const { db, provider, owner } = await team();
    await signInAs(db, owner.user.id);
    const result = await createApiKeyAction({ name: "Deploys", expiry: "never" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({ name: "Deploys", expiresAt: null });
    expect(result.data.key.startsWith(result.data.prefix)).toBe(true);

    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, result.data.id));
    expect(row).toMatchObject({ providerId: provider.id, role: "OWNER", createdByMemberId: owner.member.id });
    expect(JSON.stringify(row)).not.toContain(result.data.key);
    await expect(authenticateApiKey(db, bearer(result.data.key))).resolves.toMatchObject({ providerId: provider.id, role: "OWNER" });

    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, result.data.id));
    expect(audit).toMatchObject({ action: "api_key.created", actorType: "USER", actorId: owner.user.id, actorLabel: owner.user.email });
    expect(audit!.requestId).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain(result.data.key);
  });

  it("gives an ADMIN an ADMIN key and sets the chosen expiry", async () => {
    const { db, admin } = await team();
    await signInAs(db, admin.user.id);
    const before = Date.now();
    const in30 = await createApiKeyAction({ name: "Thirty", expiry: "30" });
    expect(in30.ok).toBe(true);
    if (!in30.ok) return;
    const expires = new Date(in30.data.expiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 30 * 86_400_000 + 1000);

    const onDate = await createApiKeyAction({ name: "Dated", expiry: "date", expiresOn: "2099-01-31" });
    expect(onDate).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { expiresOn: expect.any(String) } });
    const nextYear = new Date().getUTCFullYear() + 1;
    const dated = await createApiKeyAction({ name: "Dated", expiry: "date", expiresOn: `${nextYear}-01-31` });
    expect(dated).toMatchObject({ ok: true, data: { expiresAt: `${nextYear}-01-31T00:00:00.000Z` } });

    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, in30.data.id));
    expect(row).toMatchObject({ role: "ADMIN", createdByMemberId: admin.member.id });
  });

  it("refuses a past date and an empty name, field by field, and creates nothing", async () => {
    const { db, provider, owner } = await team();
    await signInAs(db, owner.user.id);
    const keys = await keyCount(provider.id);
    expect(await unchangedBy(db, () => createApiKeyAction({ name: "  ", expiry: "date", expiresOn: "2020-01-01" }))).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { name: "Give the key a name", expiresOn: "Choose a date after today (UTC)" },
    });
    expect(await keyCount(provider.id)).toBe(keys);
  });

  it("refuses anonymous callers, MEMBERs and cross-site posts, and changes nothing", async () => {
    const { db, provider, owner, member } = await team();
    const keys = await keyCount(provider.id);
    const audits = await auditCount(provider.id);

    const create = () => unchangedBy(db, () => createApiKeyAction({ name: "x", expiry: "never" }));
    setRequest({});
    expect(await create()).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await signInAs(db, member.user.id);
    expect(await create()).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await signInAs(db, owner.user.id, { headers: CROSS_SITE });
    expect(await create()).toMatchObject({ ok: false, code: "FORBIDDEN" });

    expect(await keyCount(provider.id)).toBe(keys);
    expect(await auditCount(provider.id)).toBe(audits);
  });

  it("makes the key for the provider the studio acts on, never another one", async () => {
    const { db, provider, owner } = await team();
    const second = await makeProvider(db);
    await makeMember(db, { provider: second, user: owner.user, role: "OWNER" });
    await signInAs(db, owner.user.id, { cookies: { studio_provider: second.id } });
    const result = await createApiKeyAction({ name: "Second", expiry: "never" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await expect(authenticateApiKey(db, bearer(result.data.key))).resolves.toMatchObject({ providerId: second.id });
    expect(await keyCount(provider.id)).toBe(1);
  });
});

describe("revokeApiKeyAction", () => {
  it("revokes a key of the provider so its next request is refused, and records it", async () => {
    const { db, provider, owner } = await team();
    const { key, id } = await makeApiKey(db, { provider, role: "OWNER", createdByMemberId: owner.member.id });
    await signInAs(db, owner.user.id);
    expect(await revokeApiKeyAction({ keyId: id })).toMatchObject({ ok: true, data: { id, alreadyRevoked: false } });
    await expect(authenticateApiKey(db, bearer(key))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["api_key.revoked", owner.user.id]]);
  });

  it("answers NOT_FOUND for another provider's key and for unknown ids, and changes nothing", async () => {
    const { db, owner } = await team();
    const other = await makeProviderWithOwner(db);
    const theirs = await makeApiKey(db, { provider: other.provider, role: "ADMIN" });
    const audits = await auditCount(other.provider.id);
    await signInAs(db, owner.user.id);
    for (const keyId of [theirs.id, "not-a-key", crypto.randomUUID()]) {
      expect(await unchangedBy(db, () => revokeApiKeyAction({ keyId }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    }
    await expect(authenticateApiKey(db, bearer(theirs.key))).resolves.toMatchObject({ providerId: other.provider.id });
    expect(await auditCount(other.provider.id)).toBe(audits);
  });

  it("lets an ADMIN revoke ADMIN keys but not keys that act as OWNER", async () => {
    const { db, provider, owner, admin, ownerKey } = await team();
    const cliOwnerKey = await makeApiKey(db, { provider, role: "OWNER", createdByMemberId: null });
    const cliAdminKey = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: null });
    const adminsKey = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: admin.member.id });
    // Made while the creator was an ADMIN; they are an OWNER now, so the key acts as OWNER.
    const promoted = await makeMember(db, { provider, role: "OWNER" });
    const promotedKey = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: promoted.member.id });
    const [ownerKeyRow] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.createdByMemberId, owner.member.id));

    await signInAs(db, admin.user.id);
    for (const id of [ownerKeyRow!.id, cliOwnerKey.id, promotedKey.id]) {
      expect(await revokeApiKeyAction({ keyId: id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    }
    await expect(authenticateApiKey(db, bearer(ownerKey))).resolves.toMatchObject({ role: "OWNER" });
    await expect(authenticateApiKey(db, bearer(cliOwnerKey.key))).resolves.toMatchObject({ role: "OWNER" });
    await expect(authenticateApiKey(db, bearer(promotedKey.key))).resolves.toMatchObject({ role: "OWNER" });

    expect(await revokeApiKeyAction({ keyId: adminsKey.id })).toMatchObject({ ok: true });
    expect(await revokeApiKeyAction({ keyId: cliAdminKey.id })).toMatchObject({ ok: true });

    await signInAs(db, owner.user.id);
    expect(await revokeApiKeyAction({ keyId: cliOwnerKey.id })).toMatchObject({ ok: true });
  });

  it("refuses anonymous callers, MEMBERs and cross-site posts, and the key keeps working", async () => {
    const { db, provider, owner, member } = await team();
    const { key, id } = await makeApiKey(db, { provider, role: "ADMIN" });
    const audits = await auditCount(provider.id);

    setRequest({});
    expect(await revokeApiKeyAction({ keyId: id })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await signInAs(db, member.user.id);
    expect(await revokeApiKeyAction({ keyId: id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await signInAs(db, owner.user.id, { headers: CROSS_SITE });
    expect(await revokeApiKeyAction({ keyId: id })).toMatchObject({ ok: false, code: "FORBIDDEN" });

    await expect(authenticateApiKey(db, bearer(key))).resolves.toMatchObject({ providerId: provider.id });
    expect(await auditCount(provider.id)).toBe(audits);
  });
});
