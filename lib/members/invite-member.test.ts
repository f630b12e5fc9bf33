import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { MemberRole } from "@/db/enums";
import { makeUser } from "@/lib/testing/factories";
import { changeMemberRole } from "./change-member-role";
import { inviteMember } from "./invite-member";
import { actorFor, auditFor, invitationEmailsTo, makeTeam, memberRow, teamSnapshot } from "./team-test-kit";

describe("inviteMember", () => {
  it("creates a pending invitation valid for 7 days and emails it in the inviting person's name", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const owner = people[0]!;
    const invitee = await makeUser(db, { name: "Ivy Invitee" });
    const member = await inviteMember(db, {
      providerId: provider.id,
      email: invitee.email,
      role: "ADMIN",
      actor: actorFor(owner.user),
      actorRole: "OWNER",
      actorMemberId: owner.member.id,
    });
    expect(member).toMatchObject({ inviteStatus: "PENDING", role: "ADMIN", user: { email: invitee.email } });
    const row = await memberRow(db, member.id);
    expect(row.inviteExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(row.invitedByUserId).toBe(owner.user.id);
    const [email] = await invitationEmailsTo(db, invitee.email);
    expect(email?.text).toContain("You are invited to join a provider's team on Provider Registry as admin.");
    expect(email?.text).toContain(`  Team: “${provider.name}”\n  Invited by: “Test User” <${owner.user.email}>`);
    expect(await auditFor(db, member.id)).toMatchObject([{ action: "member.invited" }]);
  });

  it("names the team, not a key, when an API key invites", async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const invitee = await makeUser(db);
    await inviteMember(db, {
      providerId: provider.id,
      email: invitee.email,
      role: "MEMBER",
      actor: { type: "API_KEY", id: "key-id", label: "API key prk_abc…" },
      actorRole: "OWNER",
    });
    const [email] = await invitationEmailsTo(db, invitee.email);
    expect(email?.text).toContain(`  Team: “${provider.name}”\n  Invited by: the team\n`);
    expect(email?.text).not.toContain("prk_");
  });

  it.each<[MemberRole, MemberRole]>([
    ["ADMIN", "OWNER"],
    ["MEMBER", "MEMBER"],
  ])("refuses a %s inviting a %s", async (actorRole, role) => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, [actorRole]);
    const invitee = await makeUser(db);
    await expect(
      inviteMember(db, { providerId: provider.id, email: invitee.email, role, actor: actorFor(people[0]!.user), actorRole }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await invitationEmailsTo(db, invitee.email)).toEqual([]);
  });

  it("refuses an admin who was demoted after opening the page", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN"]);
    const [owner, admin] = people as [(typeof people)[0], (typeof people)[0]];
    await changeMemberRole(db, { providerId: provider.id, memberId: admin.member.id, role: "MEMBER", actor: actorFor(owner.user), actorRole: "OWNER" });
    const before = await teamSnapshot(db, provider.id);
    const invitee = await makeUser(db);
    await expect(
      inviteMember(db, {
        providerId: provider.id,
        email: invitee.email,
        role: "MEMBER",
        actor: actorFor(admin.user),
        actorRole: "ADMIN",
        actorMemberId: admin.member.id,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await teamSnapshot(db, provider.id)).toEqual(before);
  });

  it("says how to fix an email with no account and refuses a second invitation of the same person", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "MEMBER"]);
    const base = { providerId: provider.id, role: "MEMBER" as const, actor: actorFor(people[0]!.user), actorRole: "OWNER" as const };
    await expect(inviteMember(db, { ...base, email: "nobody@example.com" })).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
      message: expect.stringContaining("sign in to the studio once"),
    });
    await expect(inviteMember(db, { ...base, email: people[1]!.user.email })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
  });
});
