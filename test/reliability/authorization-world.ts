import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, auditEvents, providerMembers, providers, sessions, type Provider } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-token-hashing";
import { makeApiKey, makeMember, makeProviderWithOwner, makeUser } from "@/test/support/factories";

// The cast of the authorization matrix: provider A (the target) with an OWNER, an ADMIN and a MEMBER,
// provider B (another tenant), a platform admin, and every kind of credential the contract names.

export const PRINCIPALS = [
  "anonymous",
  "malformed key",
  "bad checksum",
  "revoked key",
  "expired key",
  "other provider",
  "MEMBER",
  "ADMIN",
  "OWNER",
  "platform admin",
] as const;
export type Principal = (typeof PRINCIPALS)[number];

export const SESSION_COOKIE = "next-auth.session-token";

export interface World {
  a: Provider;
  b: Provider;
  /** Authorization header per principal for API routes (absent: no header). */
  authorization: Partial<Record<Principal, string>>;
  /** Session cookie per principal for server actions (absent: no cookie). */
  session: Partial<Record<Principal, string>>;
  /** Membership ids of the principals that are members (A's three roles, B's owner). */
  memberIds: Partial<Record<Principal, string>>;
  /** A's OWNER key, for tests that need a working credential. */
  ownerKey: string;
  adminEmail: string;
}

async function sessionFor(db: Db, userId: string, expires = new Date(Date.now() + 3600_000)): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await db.insert(sessions).values({ sessionToken: hashSessionToken(token), userId, expires });
  return token;
}

/** A key whose last character is changed: right shape, wrong checksum. */
export function corruptChecksum(key: string): string {
  return key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
}

export async function buildWorld(db: Db): Promise<World> {
  const { provider: a, owner, key: ownerKey } = await makeProviderWithOwner(db, { headline: "A headline" });
  const { provider: b, owner: bOwner, key: bKey } = await makeProviderWithOwner(db, { headline: "B headline" });
  const admin = await makeMember(db, { provider: a, role: "ADMIN" });
  const adminKey = await makeApiKey(db, { provider: a, role: "ADMIN", createdByMemberId: admin.member.id });
  // A MEMBER key: made while its creator was an ADMIN, who was then demoted; keys follow their creator.
  const member = await makeMember(db, { provider: a, role: "ADMIN" });
  const memberKey = await makeApiKey(db, { provider: a, role: "ADMIN", createdByMemberId: member.member.id });
  await db.update(providerMembers).set({ role: "MEMBER" }).where(eq(providerMembers.id, member.member.id));
  const revoked = await makeApiKey(db, { provider: a, revoked: true });
  const expired = await makeApiKey(db, { provider: a, expiresAt: new Date(Date.now() - 1000) });
  const platformAdmin = await makeUser(db, { isAdmin: true });

  const signedOut = await sessionFor(db, owner.user.id);
  await db.delete(sessions).where(eq(sessions.sessionToken, hashSessionToken(signedOut)));

  return {
    a,
    b,
    ownerKey,
    adminEmail: platformAdmin.email,
    memberIds: { OWNER: owner.member.id, ADMIN: admin.member.id, MEMBER: member.member.id, "other provider": bOwner.member.id },
    authorization: {
      "malformed key": "Bearer prk_not-a-key",
      "bad checksum": `Bearer ${corruptChecksum(ownerKey)}`,
      "revoked key": `Bearer ${revoked.key}`,
      "expired key": `Bearer ${expired.key}`,
      "other provider": `Bearer ${bKey}`,
      MEMBER: `Bearer ${memberKey.key}`,
      ADMIN: `Bearer ${adminKey.key}`,
      OWNER: `Bearer ${ownerKey}`,
    },
    session: {
      "malformed key": "not a session; token=1",
      // Well-formed, never issued: a forged token.
      "bad checksum": randomBytes(32).toString("hex"),
      "revoked key": signedOut,
      "expired key": await sessionFor(db, owner.user.id, new Date(Date.now() - 1000)),
      "other provider": await sessionFor(db, bOwner.user.id),
      MEMBER: await sessionFor(db, member.user.id),
      ADMIN: await sessionFor(db, admin.user.id),
      OWNER: await sessionFor(db, owner.user.id),
      "platform admin": await sessionFor(db, platformAdmin.id),
    },
  };
}

/** Everything of provider A another tenant must never change (last_used_at aside). */
export async function tenantSnapshot(db: Db, providerId: string): Promise<string> {
  return JSON.stringify({
    provider: await db.select().from(providers).where(eq(providers.id, providerId)),
    members: await db
      .select()
      .from(providerMembers)
      .where(eq(providerMembers.providerId, providerId))
      .orderBy(asc(providerMembers.id)),
    keys: (
      await db.select().from(apiKeys).where(eq(apiKeys.providerId, providerId)).orderBy(asc(apiKeys.id))
    ).map(({ lastUsedAt: _ignored, ...rest }) => rest),
    audit: await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, providerId)))
      .orderBy(asc(auditEvents.id)),
  });
}
