import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { countingDb } from "@/test/support/counting-db";
import { makeApiKey, makeMember, makeProvider } from "@/test/support/factories";
import { authenticateApiKey } from "./authenticate-api-key";
import { checkKeyShape, generateApiKey, hashApiKey } from "./key-format";

describe("API key format", () => {
  it("carries the prefix, a checksum, and stores only a hash and a short display prefix", () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^prk_[0-9A-Za-z]{38}$/);
    expect(checkKeyShape(key)).toBe("ok");
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(4));
  });

  it("detects a mistyped character through the checksum", () => {
    const { key } = generateApiKey();
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expect(checkKeyShape(typo)).toBe("bad_checksum");
    expect(checkKeyShape(key.slice(0, -1))).toBe("malformed");
  });
});

describe("authenticateApiKey", () => {
  it("resolves the key's provider and its creator's current role, and records when it was used", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const { key, id } = await makeApiKey(db, { provider, role: "OWNER", createdByMemberId: admin.member.id });
    const principal = await authenticateApiKey(db, { authorization: `Bearer ${key}` });
    expect(principal).toMatchObject({ providerId: provider.id, providerSlug: provider.slug, role: "ADMIN", keyId: id });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("honours an expiry in the future and refuses once it has passed", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const future = await makeApiKey(db, { provider, expiresAt: new Date(Date.now() + 60_000) });
    await expect(authenticateApiKey(db, { authorization: `Bearer ${future.key}` })).resolves.toMatchObject({ role: "OWNER" });
    await db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(apiKeys.id, future.id));
    await expect(authenticateApiKey(db, { authorization: `Bearer ${future.key}` })).rejects.toBeInstanceOf(AppError);
  });

  it("refuses a key whose checksum does not match without a database look-up", async () => {
    const db = getDb();
    const { key } = await makeApiKey(db, { provider: await makeProvider(db) });
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    const counted = countingDb(db);
    await expect(authenticateApiKey(counted.db, { authorization: `Bearer ${typo}` })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: expect.stringContaining("checksum"),
    });
    expect(counted.statements).toEqual([]);
    // The counter sees look-ups: a well-formed key that is not ours costs one.
    await expect(authenticateApiKey(counted.db, { authorization: `Bearer ${generateApiKey().key}` })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(counted.statements).toHaveLength(1);
  });

  it("refuses a key on its very next request after revocation", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const { key, id } = await makeApiKey(db, { provider });
    await authenticateApiKey(db, { authorization: `Bearer ${key}` });
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    await expect(authenticateApiKey(db, { authorization: `Bearer ${key}` })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
