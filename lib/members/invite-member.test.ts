import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import type { MemberRole } from "@/db/enums";
import { makeUser } from "@/test/support/factories";
import { changeMemberRole } from "./change-member-role";
import { inviteMember } from "./invite-member";
import { listTeam } from "./list-team";
import { actorFor, auditFor, callerAs, invitationEmailsTo, makeTeam, memberRow, teamSnapshot } from "@/test/support/team-test-kit";

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
      caller: callerAs(actorFor(owner.user), "OWNER", owner.member.id),
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
      caller: callerAs({ type: "API_KEY", id: "key-id", label: "API key prk_abc…" }, "OWNER"),
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
      inviteMember(db, { providerId: provider.id, email: invitee.email, role, caller: callerAs(actorFor(people[0]!.user), actorRole) }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await invitationEmailsTo(db, invitee.email)).toEqual([]);
  });

  it("refuses an admin who was demoted after opening the page", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN"]);
    const [owner, admin] = people as [(typeof people)[0], (typeof people)[0]];
    await changeMemberRole(db, { providerId: provider.id, memberId: admin.member.id, role: "MEMBER", caller: callerAs(actorFor(owner.user), "OWNER") });
    const before = await teamSnapshot(db, provider.id);
    const invitee = await makeUser(db);
    await expect(
      inviteMember(db, {
        providerId: provider.id,
        email: invitee.email,
        role: "MEMBER",
        caller: callerAs(actorFor(admin.user), "ADMIN", admin.member.id),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await teamSnapshot(db, provider.id)).toEqual(before);
  });

  it("says how to fix an email with no account and refuses a second invitation of the same person", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "MEMBER"]);
    const base = { providerId: provider.id, role: "MEMBER" as const, caller: callerAs(actorFor(people[0]!.user), "OWNER" as const) };
    await expect(inviteMember(db, { ...base, email: "nobody@example.com" })).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
      message: expect.stringContaining("sign in to the studio once"),
    });
    await expect(inviteMember(db, { ...base, email: people[1]!.user.email })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
  });

  it("from the studio, invites someone who never signed in: their account is made, the invitation is pending, and the email signs them in onto it", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const member = await inviteMember(db, {
      providerId: provider.id,
      email: "newcomer@example.com",
      role: "MEMBER",
      caller: callerAs(actorFor(people[0]!.user), "OWNER", people[0]!.member.id),
      createAccountIfMissing: true,
    });
    expect(member).toMatchObject({ inviteStatus: "PENDING", user: { email: "newcomer@example.com", name: "" } });
    const team = await listTeam(db, { providerId: provider.id });
    expect(team.find((m) => m.id === member.id)).toMatchObject({ status: "PENDING", hasSignedIn: false });
    const [email] = await invitationEmailsTo(db, "newcomer@example.com");
    expect(email?.text).toContain("if you have never signed in, this also creates your account");
    const link = new URL(/https?:\/\/\S+\/signin\/confirm\S+/.exec(email!.text!)![0]);
    expect(link.searchParams.get("email")).toBe("newcomer@example.com");
    expect(new URL(link.searchParams.get("callbackUrl")!).pathname).toBe("/studio/invitations");
    const created = await db.select().from(auditEvents).where(eq(auditEvents.action, "user.created"));
    expect(created.map((e) => e.metadata)).toContainEqual({ email: "newcomer@example.com", via: "member.invited" });
  });
});
