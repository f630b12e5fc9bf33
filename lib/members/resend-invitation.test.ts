import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/test/support/factories";
import { resendInvitation } from "./resend-invitation";
import { actorFor, auditFor, callerAs, invitationEmailsTo, makeInvitation, makeTeam, memberRow } from "@/test/support/team-test-kit";

const DAY = 86_400_000;

describe("resendInvitation", () => {
  it("renews an expired invitation for 7 days from now and queues the email again, naming the sender", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["ADMIN"]);
    const admin = people[0]!;
    const { member, user } = await makeInvitation(db, { provider, expiresInMs: -DAY });
    const before = Date.now();
    await resendInvitation(db, { providerId: provider.id, memberId: member.id, caller: callerAs(actorFor(admin.user), "ADMIN") });
    const expiresAt = (await memberRow(db, member.id)).inviteExpiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const [email] = await invitationEmailsTo(db, user.email);
    expect(email?.subject).toBe("You are invited to join a team on Provider Registry");
    expect(email?.text).toContain(`  Team: “${provider.name}”\n  Invited by: “Test User” <${admin.user.email}>`);
    // A fresh one-time sign-in link that lands on the invitations (lib/auth/create-sign-in-link.ts).
    const link = new URL(/https?:\/\/\S+\/signin\/confirm\S+/.exec(email!.text!)![0]);
    expect(link.searchParams.get("email")).toBe(user.email);
    expect(new URL(link.searchParams.get("callbackUrl")!).pathname).toBe("/studio/invitations");
    expect(await auditFor(db, member.id)).toMatchObject([{ action: "invitation.resent", actorId: admin.user.id }]);
  });

  it("refuses an accepted member (nothing to resend), a MEMBER caller, and an ADMIN resending an OWNER invitation", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN", "MEMBER"]);
    const [owner, admin, member] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const ownerInvite = await makeInvitation(db, { provider, role: "OWNER" });
    const plainInvite = await makeInvitation(db, { provider });
    const base = { providerId: provider.id };
    await expect(
      resendInvitation(db, { ...base, memberId: member.member.id, caller: callerAs(actorFor(owner.user), "OWNER") }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      resendInvitation(db, { ...base, memberId: plainInvite.member.id, caller: callerAs(actorFor(member.user), "MEMBER") }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      resendInvitation(db, { ...base, memberId: ownerInvite.member.id, caller: callerAs(actorFor(admin.user), "ADMIN") }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await invitationEmailsTo(db, ownerInvite.user.email)).toEqual([]);
    expect(await invitationEmailsTo(db, plainInvite.user.email)).toEqual([]);
  });

  it("answers not found for another provider's invitation", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const elsewhere = await makeInvitation(db, { provider: await makeProvider(db), expiresInMs: -DAY });
    await expect(
      resendInvitation(db, { providerId: provider.id, memberId: elsewhere.member.id, caller: callerAs(actorFor(people[0]!.user), "OWNER") }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberRow(db, elsewhere.member.id)).inviteExpiresAt!.getTime()).toBeLessThan(Date.now());
  });
});
