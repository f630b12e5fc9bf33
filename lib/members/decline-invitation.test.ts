import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeUser } from "@/test/support/factories";
import { declineInvitation } from "./decline-invitation";
import { inviteMember } from "./invite-member";
import { listInvitationsForUser } from "./list-invitations-for-user";
import { listMembers } from "./list-team";
import { actorFor, auditFor, callerAs, makeInvitation, makeTeam, memberRow } from "@/test/support/team-test-kit";

describe("declineInvitation", () => {
  it("withdraws the invitation (soft delete), records it, and lets the team invite the person again", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const { member, user } = await makeInvitation(db, { provider });
    await declineInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) });
    expect((await memberRow(db, member.id)).revokedAt).toBeInstanceOf(Date);
    expect(await listInvitationsForUser(db, { userId: user.id })).toEqual([]);
    expect((await listMembers(db, { providerId: provider.id })).map((m) => m.id)).not.toContain(member.id);
    expect(await auditFor(db, member.id)).toMatchObject([
      { action: "invitation.declined", actorId: user.id, providerId: provider.id, metadata: { expired: false } },
    ]);
    await expect(
      inviteMember(db, { providerId: provider.id, email: user.email, role: "MEMBER", caller: callerAs(actorFor(people[0]!.user), "OWNER") }),
    ).resolves.toMatchObject({ inviteStatus: "PENDING" });
  });

  it("clears an expired invitation too", async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const { member, user } = await makeInvitation(db, { provider, expiresInMs: -1000 });
    await declineInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) });
    expect(await auditFor(db, member.id)).toMatchObject([{ action: "invitation.declined", metadata: { expired: true } }]);
  });

  it("cannot decline someone else's invitation or an accepted membership", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const { member } = await makeInvitation(db, { provider });
    const stranger = await makeUser(db);
    await expect(declineInvitation(db, { userId: stranger.id, memberId: member.id, actor: actorFor(stranger) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const owner = people[0]!;
    await expect(
      declineInvitation(db, { userId: owner.user.id, memberId: owner.member.id, actor: actorFor(owner.user) }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberRow(db, member.id)).revokedAt).toBeNull();
    expect((await memberRow(db, owner.member.id)).revokedAt).toBeNull();
  });
});
