import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { auditEvents, providerMembers, sessions, users, type Provider } from "@/db/schema";
import { makeUser } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { actorFor, callerAs, makeTeam, memberRow } from "@/test/support/team-test-kit";
import { declineInvitation } from "./decline-invitation";
import { inviteMember } from "./invite-member";
import { listMembers } from "./list-team";
import { removeMember } from "./remove-member";
import { removeAccountsOfExpiredInvitations } from "./remove-unused-invitee-account";
import { resendInvitation } from "./resend-invitation";

// An account a studio invitation made lasts as long as an invitation keeps it (docs/decisions/team-and-invitations.md,
// "Inviting someone who never signed in").

let n = 0;
const address = () => `newcomer-${Date.now()}-${++n}@example.com`;

async function team(db: Db) {
  const { provider, people } = await makeTeam(db, ["OWNER"]);
  const owner = people[0]!;
  return { provider, owner, caller: callerAs(actorFor(owner.user), "OWNER", owner.member.id) };
}

/** The studio's invitation of an address with no account (the account is made with it). */
async function studioInvite(db: Db, t: Awaited<ReturnType<typeof team>>, email: string) {
  return inviteMember(db, { providerId: t.provider.id, email, role: "MEMBER", caller: t.caller, createAccountIfMissing: true });
}

async function accountOf(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

async function expire(db: Db, memberId: string) {
  await db.update(providerMembers).set({ inviteExpiresAt: new Date(Date.now() - 1000) }).where(eq(providerMembers.id, memberId));
}

const apiInvite = (db: Db, provider: Provider, email: string) =>
  inviteMember(db, { providerId: provider.id, email, role: "MEMBER", caller: callerAs({ type: "API_KEY", id: "k", label: "API key" }, "OWNER") });

describe("the account a studio invitation made", () => {
  it("is removed when the team withdraws the invitation before the person ever signed in; the API then answers USER_NOT_FOUND again", async () => {
    const db = getDb();
    const t = await team(db);
    const email = address();
    const member = await studioInvite(db, t, email);
    expect(await apiInvite(db, (await team(db)).provider, email)).toMatchObject({ inviteStatus: "PENDING" });
    // That second team's invitation keeps the account while it is open; withdraw it too.
    const other = (await db.select().from(providerMembers).where(and(eq(providerMembers.inviteEmail, email)))).find((m) => m.id !== member.id)!;
    await removeMember(db, { providerId: other.providerId, memberId: other.id, caller: callerAs(actorFor(t.owner.user), "OWNER") });
    expect(await accountOf(db, email)).toBeDefined();

    await removeMember(db, { providerId: t.provider.id, memberId: member.id, caller: t.caller });
    expect(await accountOf(db, email)).toBeUndefined();
    expect(await listMembers(db, { providerId: t.provider.id })).toHaveLength(1);
    const removed = await db.select().from(auditEvents).where(eq(auditEvents.action, "user.removed"));
    expect(removed.map((e) => e.metadata)).toContainEqual({ email, reason: "invitation ended before the first sign-in" });
    await expect(apiInvite(db, t.provider, email)).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    // The studio can invite the address again: a new account, a new invitation.
    expect(await studioInvite(db, t, email)).toMatchObject({ inviteStatus: "PENDING", user: { email } });
  });

  it("stays when the person has signed in, when it was not made by an invitation, or for a platform admin", async () => {
    const db = getDb();
    const t = await team(db);
    const signedIn = address();
    const a = await studioInvite(db, t, signedIn);
    await db.update(users).set({ emailVerified: new Date() }).where(eq(users.email, signedIn));
    const withSession = address();
    const b = await studioInvite(db, t, withSession);
    await db.insert(sessions).values({ sessionToken: `s-${n}`, userId: b.user.id, expires: new Date(Date.now() + 3_600_000) });
    const existing = await makeUser(db, { name: null });
    const c = await inviteMember(db, { providerId: t.provider.id, email: existing.email, role: "MEMBER", caller: t.caller });
    const admin = await makeUser(db, { isAdmin: true });
    const d = await inviteMember(db, { providerId: t.provider.id, email: admin.email, role: "MEMBER", caller: t.caller });

    for (const m of [a, b, c, d]) await removeMember(db, { providerId: t.provider.id, memberId: m.id, caller: t.caller });
    for (const email of [signedIn, withSession, existing.email, admin.email]) expect(await accountOf(db, email)).toBeDefined();
  });

  it("stays when the person declines: declining needs a sign-in, so the account is theirs by then", async () => {
    const db = getDb();
    const t = await team(db);
    const email = address();
    const member = await studioInvite(db, t, email);
    await db.update(users).set({ emailVerified: new Date() }).where(eq(users.email, email));
    await declineInvitation(db, { userId: member.user.id, memberId: member.id, actor: actorFor(member.user) });
    expect(await accountOf(db, email)).toBeDefined();
  });

  it("is removed by the expiry sweep once every invitation keeping it has expired; the team's log says the invitation expired", async () => {
    const db = getDb();
    const t = await team(db);
    const lapsed = address();
    const lapsedMember = await studioInvite(db, t, lapsed);
    const open = address();
    const openMember = await studioInvite(db, t, open);
    const twice = address();
    const twiceExpired = await studioInvite(db, t, twice);
    const twiceOpen = await studioInvite(db, await team(db), twice);
    for (const m of [lapsedMember, twiceExpired]) await expire(db, m.id);

    expect(await removeAccountsOfExpiredInvitations(db)).toEqual({ deleted: 1, more: false });
    expect(await accountOf(db, lapsed)).toBeUndefined();
    expect(await accountOf(db, open)).toBeDefined();
    expect(await accountOf(db, twice)).toBeDefined();
    expect((await memberRow(db, openMember.id)).revokedAt).toBeNull();
    expect((await memberRow(db, twiceOpen.id)).revokedAt).toBeNull();
    const expired = await db.select().from(auditEvents).where(eq(auditEvents.action, "invitation.expired"));
    expect(expired).toMatchObject([{ providerId: t.provider.id, targetId: lapsedMember.id, actorType: "SYSTEM", metadata: { email: lapsed } }]);
    // Nothing left to do: a second run removes nothing.
    expect(await removeAccountsOfExpiredInvitations(db)).toEqual({ deleted: 0, more: false });
  });

  it("a withdrawal leaves an account another team's expired invitation still holds to the sweep, which records that expiry", async () => {
    const db = getDb();
    const first = await team(db);
    const second = await team(db);
    const email = address();
    const withdrawn = await studioInvite(db, first, email);
    const lapsed = await studioInvite(db, second, email);
    await expire(db, lapsed.id);
    await removeMember(db, { providerId: first.provider.id, memberId: withdrawn.id, caller: first.caller });
    expect(await accountOf(db, email)).toBeDefined();
    expect(await removeAccountsOfExpiredInvitations(db)).toEqual({ deleted: 1, more: false });
    expect(await accountOf(db, email)).toBeUndefined();
    const expired = await db.select().from(auditEvents).where(eq(auditEvents.targetId, lapsed.id)).orderBy(asc(auditEvents.createdAt));
    expect(expired.map((e) => e.action)).toEqual(["member.invited", "invitation.expired"]);
  });

  it("an expired invitation the team resends before the sweep keeps its account", async () => {
    const db = getDb();
    const t = await team(db);
    const email = address();
    const member = await studioInvite(db, t, email);
    await expire(db, member.id);
    await resendInvitation(db, { providerId: t.provider.id, memberId: member.id, caller: t.caller });
    expect(await removeAccountsOfExpiredInvitations(db)).toEqual({ deleted: 0, more: false });
    expect(await accountOf(db, email)).toBeDefined();
  });

  it("a withdrawal and another team's invitation of the same newcomer at one moment never lose the new invitation", raceTest, async () => {
    const db = getDb();
    for (let round = 0; round < 6; round++) {
      const first = await team(db);
      const second = await team(db);
      const email = address();
      const member = await studioInvite(db, first, email);
      const [, invited] = await Promise.all([
        removeMember(db, { providerId: first.provider.id, memberId: member.id, caller: first.caller }),
        studioInvite(db, second, email),
      ]);
      // Whichever ran first, the second team's invitation is there, with an account behind it.
      const [row] = await listMembers(db, { providerId: second.provider.id }).then((m) => m.filter((x) => x.id === invited.id));
      expect(row).toMatchObject({ inviteStatus: "PENDING", user: { email } });
      expect(await accountOf(db, email)).toMatchObject({ id: row!.user.id });
    }
  });

  it("a sweep and a resend of the same expired invitation at one moment: resent and kept, or gone and refused", raceTest, async () => {
    const db = getDb();
    for (let round = 0; round < 6; round++) {
      const t = await team(db);
      const email = address();
      const member = await studioInvite(db, t, email);
      await expire(db, member.id);
      const [swept, resent] = await Promise.allSettled([
        removeAccountsOfExpiredInvitations(db),
        resendInvitation(db, { providerId: t.provider.id, memberId: member.id, caller: t.caller }),
      ]);
      expect(swept.status).toBe("fulfilled");
      const account = await accountOf(db, email);
      if (resent.status === "fulfilled") {
        expect(account).toBeDefined();
        expect((await memberRow(db, member.id)).inviteExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      } else {
        expect(resent.reason).toMatchObject({ code: "NOT_FOUND" });
        expect(account).toBeUndefined();
      }
    }
  });
});
