import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys, auditEvents } from "@/db/schema";
import { CLI_CALLER } from "@/lib/auth/caller";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { createProvider } from "@/lib/providers/create-provider";
import { unchangedBy } from "@/test/support/snapshot";
import { createUser } from "@/lib/users/create-user";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { checkKeyShape, hashApiKey } from "./key-format";
import { revokeApiKey } from "./revoke-api-key";

let counter = 0;
async function provider() {
  counter += 1;
  const db = getDb();
  const user = await createUser(db, { email: `keys${counter}@example.com`, name: "Key Owner", actor: CLI_ACTOR });
  return createProvider(db, { name: `Key Studio ${counter}`, ownerEmail: user.email, approved: true, actor: CLI_ACTOR });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("createApiKey", () => {
  it("returns a working key and stores only its hash and prefix", async () => {
    const db = getDb();
    const p = await provider();
    const created = await createApiKey(db, { providerId: p.id, name: "CI", role: "OWNER", actor: CLI_ACTOR });
    expect(checkKeyShape(created.key)).toBe("ok");
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: "CI", role: "OWNER", expiresAt: null });

    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const principal = await authenticateApiKey(db, bearer(created.key));
    expect(principal).toMatchObject({ providerId: p.id, providerSlug: p.slug, role: "OWNER" });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["api_key.created"]);
  });

  it("refuses an unknown provider and a past expiry", async () => {
    const db = getDb();
    await expect(
      createApiKey(db, { providerId: "00000000-0000-0000-0000-000000000000", name: "x", role: "OWNER", actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(createApiKey(db, { providerId: "nope", name: "x", role: "OWNER", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const p = await provider();
    await expect(
      createApiKey(db, { providerId: p.id, name: "old", role: "ADMIN", expiresAt: new Date(Date.now() - 1000), actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("revokeApiKey", () => {
  it("revokes by prefix so the key fails at once, and a second revoke changes nothing", async () => {
    const db = getDb();
    const p = await provider();
    const created = await createApiKey(db, { providerId: p.id, name: "temp", role: "ADMIN", actor: CLI_ACTOR });
    const first = await revokeApiKey(db, { prefix: created.prefix, caller: CLI_CALLER });
    expect(first).toMatchObject({ id: created.id, alreadyRevoked: false });
    await expect(authenticateApiKey(db, bearer(created.key))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });

    const second = await unchangedBy(db, () => revokeApiKey(db, { keyId: created.id, caller: CLI_CALLER }));
    expect(second).toMatchObject({ alreadyRevoked: true, revokedAt: first.revokedAt });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
  });

  it("does not find unknown keys or another provider's key", async () => {
    const db = getDb();
    const mine = await provider();
    const theirs = await provider();
    const key = await createApiKey(db, { providerId: theirs.id, name: "theirs", role: "OWNER", actor: CLI_ACTOR });
    await expect(revokeApiKey(db, { keyId: key.id, providerId: mine.id, caller: CLI_CALLER })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(revokeApiKey(db, { keyId: "not-a-uuid", caller: CLI_CALLER })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revokeApiKey(db, { prefix: "prk_00000000", caller: CLI_CALLER })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await authenticateApiKey(db, bearer(key.key));
  });
});
