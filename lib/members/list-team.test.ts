import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeUser } from "@/test/support/factories";
import { inviteMember } from "./invite-member";
import { listMembers, listTeam } from "./list-team";
import { removeMember } from "./remove-member";
import { actorFor, callerAs, makeInvitation, makeTeam } from "@/test/support/team-test-kit";

describe("listTeam", () => {
  it("shows accepted members, pending and expired invitations with their dates and inviter, and not removed ones", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "MEMBER"]);
    const owner = people[0]!;
    const invitee = await makeUser(db);
    const invited = await inviteMember(db, { providerId: provider.id, email: invitee.email, role: "ADMIN", caller: callerAs(actorFor(owner.user), "OWNER") });
    const expired = await makeInvitation(db, { provider, expiresInMs: -1000 });
    await removeMember(db, { providerId: provider.id, memberId: people[1]!.member.id, caller: callerAs(actorFor(owner.user), "OWNER") });

    const team = await listTeam(db, { providerId: provider.id });
    expect(team.map((m) => [m.id, m.status])).toEqual([
      [owner.member.id, "ACCEPTED"],
      [invited.id, "PENDING"],
      [expired.member.id, "EXPIRED"],
    ]);
    expect(team[1]).toMatchObject({ invitedBy: { name: owner.user.name, email: owner.user.email }, role: "ADMIN", acceptedAt: null });
    // Nobody invited the first owner: no inviter, not an empty one.
    expect(team[0]!.invitedBy).toBeNull();
    expect(new Date(team[1]!.inviteExpiresAt!).getTime()).toBeGreaterThan(Date.now());
    // The API's list is the same people in the same order, in its own fixed shape.
    expect((await listMembers(db, { providerId: provider.id })).map((m) => m.id)).toEqual(team.map((m) => m.id));
  });
});
