import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { sessions } from "@/db/schema";
import { withEnv } from "@/test/support/env";
import { makeMember, makeProvider, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { hashSessionToken } from "@/lib/auth/session-token-hashing";
import { getCurrentUser } from "@/lib/auth/current-user";
import { resolveStudio } from "./studio-context";

vi.mock("next/headers", () => import("@/test/support/next-request"));

describe("getCurrentUser", () => {
  it("is null without a session cookie, and with an unknown one", async () => {
    setRequest({});
    expect(await getCurrentUser()).toBeNull();
    setRequest({ cookies: { "next-auth.session-token": "not-a-session" } });
    expect(await getCurrentUser()).toBeNull();
  });

  it("is null once the session has expired", async () => {
    const db = getDb();
    const user = await makeUser(db);
    await db.insert(sessions).values({ sessionToken: hashSessionToken("expired"), userId: user.id, expires: new Date(Date.now() - 1000) });
    setRequest({ cookies: { "next-auth.session-token": "expired" } });
    expect(await getCurrentUser()).toBeNull();
  });

  it("is the session's user, an admin by flag or by ADMIN_EMAILS", async () => {
    const db = getDb();
    const plain = await makeUser(db);
    await signInAs(db, plain.id);
    expect(await getCurrentUser()).toMatchObject({ id: plain.id, email: plain.email, isAdmin: false });
    const flagged = await makeUser(db, { isAdmin: true });
    await signInAs(db, flagged.id);
    expect(await getCurrentUser()).toMatchObject({ isAdmin: true });
    await signInAs(db, plain.id);
    await withEnv({ ADMIN_EMAILS: ` other@example.com, ${plain.email.toUpperCase()} ` }, async () => {
      expect(await getCurrentUser()).toMatchObject({ isAdmin: true });
    });
  });
});

describe("resolveStudio", () => {
  it("says who must sign in, who has no provider yet, and acts on a sole provider", async () => {
    const db = getDb();
    setRequest({});
    expect(await resolveStudio()).toEqual({ kind: "anonymous" });

    const loner = await makeUser(db);
    await signInAs(db, loner.id);
    expect(await resolveStudio()).toMatchObject({ kind: "no-provider" });

    const { provider, owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    expect(await resolveStudio()).toMatchObject({
      kind: "ready",
      studio: { provider: { id: provider.id }, member: { id: owner.member.id, role: "OWNER" }, canWrite: true },
    });
  });

  it("ignores pending invitations and removed memberships", async () => {
    const db = getDb();
    const user = await makeUser(db);
    await makeMember(db, { provider: await makeProvider(db), user, inviteStatus: "PENDING" });
    await signInAs(db, user.id);
    expect(await resolveStudio()).toMatchObject({ kind: "no-provider" });
  });

  it("with several providers, acts on the chosen one only while the person belongs to it", async () => {
    const db = getDb();
    const user = await makeUser(db);
    const a = await makeProvider(db, { name: "Alpha" });
    const b = await makeProvider(db, { name: "Beta" });
    const stranger = await makeProvider(db);
    await makeMember(db, { provider: a, user, role: "ADMIN" });
    await makeMember(db, { provider: b, user, role: "MEMBER" });

    await signInAs(db, user.id);
    expect(await resolveStudio()).toMatchObject({ kind: "choose", memberships: [{ provider: { id: a.id } }, { provider: { id: b.id } }] });

    await signInAs(db, user.id, { cookies: { studio_provider: b.id } });
    expect(await resolveStudio()).toMatchObject({ kind: "ready", studio: { provider: { id: b.id }, canWrite: false } });

    // A forged cookie naming a provider the person is not in changes nothing.
    await signInAs(db, user.id, { cookies: { studio_provider: stranger.id } });
    expect(await resolveStudio()).toMatchObject({ kind: "choose" });
  });
});
