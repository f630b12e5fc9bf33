import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { eq } from "drizzle-orm";
import type { Adapter } from "next-auth/adapters";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { makeUser } from "@/test/support/factories";
import { hashSessionToken, withHashedSessionTokens } from "./session-token-hashing";

function adapter(): Adapter {
  const base = DrizzleAdapter(getDb(), {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  }) as unknown as Adapter;
  return withHashedSessionTokens(base);
}

describe("withHashedSessionTokens", () => {
  it("stores only the hash of a session token and finds the session by the token itself", async () => {
    const db = getDb();
    const user = await makeUser(db);
    const token = "plain-session-token-" + crypto.randomUUID();
    const created = await adapter().createSession!({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 60_000) });
    expect(created.sessionToken).toBe(token);

    const stored = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.sessionToken)).toEqual([hashSessionToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const found = await adapter().getSessionAndUser!(token);
    expect(found?.user.id).toBe(user.id);
    expect(found?.session.sessionToken).toBe(token);
    // The stored hash is not itself a usable token.
    expect(await adapter().getSessionAndUser!(hashSessionToken(token))).toBeNull();
  });

  it("updates and deletes sessions by their token", async () => {
    const db = getDb();
    const user = await makeUser(db);
    const token = "another-token-" + crypto.randomUUID();
    await adapter().createSession!({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 60_000) });
    const later = new Date(Date.now() + 3_600_000);
    const updated = await adapter().updateSession!({ sessionToken: token, expires: later });
    expect(updated?.sessionToken).toBe(token);
    expect(updated?.expires.getTime()).toBe(later.getTime());
    await adapter().deleteSession!(token);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
