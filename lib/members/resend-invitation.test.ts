import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/lib/testing/factories";
import { resendInvitation } from "./resend-invitation";
import { actorFor, auditFor, invitationEmailsTo, makeInvitation, makeTeam, memberRow } from "./team-test-kit";

const DAY = 86_400_000;

describe("resendInvitation", () => {
  it("renews an expired invitation for 7 days from now and queues the email again, naming the sender", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["ADMIN"]);
    const admin = people[0]!;
    const { member, user } = await makeInvitation(db, { provider, expiresInMs: -DAY });
    const before = Date.now();
    await resendInvitation(db, { providerId: provider.id, memberId: member.id, actor: actorFor(admin.user), actorRole: "ADMIN" });
    const expiresAt = (await memberRow(db, member.id)).inviteExpiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const [email] = await invitationEmailsTo(db, user.email);
    expect(email?.subject).toBe("You are invited to join a team on Provider Registry");
    expect(email?.text).toContain(`  Team: “${provider.name}”\n  Invited by: “Test User” <${admin.user.email}>`);
    expect(email?.text).toContain("/studio/invitations");
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
      resendInvitation(db, { ...base, memberId: member.member.id, actor: actorFor(owner.user), actorRole: "OWNER" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      resendInvitation(db, { ...base, memberId: plainInvite.member.id, actor: actorFor(member.user), actorRole: "MEMBER" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      resendInvitation(db, { ...base, memberId: ownerInvite.member.id, actor: actorFor(admin.user), actorRole: "ADMIN" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await invitationEmailsTo(db, ownerInvite.user.email)).toEqual([]);
    expect(await invitationEmailsTo(db, plainInvite.user.email)).toEqual([]);
  });

  it("answers not found for another provider's invitation", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const elsewhere = await makeInvitation(db, { provider: await makeProvider(db), expiresInMs: -DAY });
    await expect(
      resendInvitation(db, { providerId: provider.id, memberId: elsewhere.member.id, actor: actorFor(people[0]!.user), actorRole: "OWNER" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberRow(db, elsewhere.member.id)).inviteExpiresAt!.getTime()).toBeLessThan(Date.now());
  });
});
