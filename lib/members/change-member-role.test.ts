import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { MemberRole } from "@/db/enums";
import { makeMember, makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { changeMemberRole } from "./change-member-role";
import { activeOwners, actorFor, auditFor, callerAs, makeInvitation, makeTeam, memberRow, teamSnapshot } from "@/test/support/team-test-kit";

type Case = { actor: MemberRole; from: MemberRole; to: MemberRole; outcome: "ok" | "FORBIDDEN" };

// Who may move whom, between which roles. The team always keeps a second owner, so the last-owner
// rule (tested separately) never decides these cases.
const MATRIX: Case[] = [
  { actor: "OWNER", from: "MEMBER", to: "ADMIN", outcome: "ok" },
  { actor: "OWNER", from: "MEMBER", to: "OWNER", outcome: "ok" },
  { actor: "OWNER", from: "ADMIN", to: "MEMBER", outcome: "ok" },
  { actor: "OWNER", from: "ADMIN", to: "OWNER", outcome: "ok" },
  { actor: "OWNER", from: "OWNER", to: "ADMIN", outcome: "ok" },
  { actor: "OWNER", from: "OWNER", to: "MEMBER", outcome: "ok" },
  { actor: "ADMIN", from: "MEMBER", to: "ADMIN", outcome: "ok" },
  { actor: "ADMIN", from: "ADMIN", to: "MEMBER", outcome: "ok" },
  { actor: "ADMIN", from: "MEMBER", to: "OWNER", outcome: "FORBIDDEN" },
  { actor: "ADMIN", from: "ADMIN", to: "OWNER", outcome: "FORBIDDEN" },
  { actor: "ADMIN", from: "OWNER", to: "ADMIN", outcome: "FORBIDDEN" },
  { actor: "ADMIN", from: "OWNER", to: "MEMBER", outcome: "FORBIDDEN" },
  { actor: "MEMBER", from: "MEMBER", to: "ADMIN", outcome: "FORBIDDEN" },
  { actor: "MEMBER", from: "ADMIN", to: "MEMBER", outcome: "FORBIDDEN" },
];

describe("changeMemberRole", () => {
  it.each(MATRIX)("$actor changing $from to $to: $outcome", async ({ actor, from, to, outcome }) => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "OWNER", actor]);
    const caller = people[2]!;
    const target = await makeMember(db, { provider, role: from });
    const call = changeMemberRole(db, {
      providerId: provider.id,
      memberId: target.member.id,
      role: to,
      caller: callerAs(actorFor(caller.user), actor, caller.member.id),
    });
    if (outcome === "ok") {
      await expect(call).resolves.toMatchObject({ id: target.member.id, role: to });
      expect((await memberRow(db, target.member.id)).role).toBe(to);
    } else {
      await expect(call).rejects.toMatchObject({ code: outcome });
      expect((await memberRow(db, target.member.id)).role).toBe(from);
    }
  });

  it("records who changed the role, from what to what", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "MEMBER"]);
    const [owner, member] = people as [(typeof people)[0], (typeof people)[0]];
    await changeMemberRole(db, { providerId: provider.id, memberId: member.member.id, role: "ADMIN", caller: callerAs(actorFor(owner.user), "OWNER") });
    const [event] = await auditFor(db, member.member.id);
    expect(event).toMatchObject({
      action: "member.role_changed",
      providerId: provider.id,
      actorType: "USER",
      actorId: owner.user.id,
      metadata: { from: "MEMBER", to: "ADMIN", email: member.user.email },
    });
  });

  it("refuses to demote the last accepted owner, even by themself", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN"]);
    const owner = people[0]!;
    // A pending OWNER invitation is not an owner yet.
    await makeInvitation(db, { provider, role: "OWNER" });
    await expect(
      changeMemberRole(db, { providerId: provider.id, memberId: owner.member.id, role: "ADMIN", caller: callerAs(actorFor(owner.user), "OWNER") }),
    ).rejects.toMatchObject({ code: "LAST_OWNER" });
    expect((await memberRow(db, owner.member.id)).role).toBe("OWNER");
    expect(await auditFor(db, owner.member.id)).toEqual([]);
  });

  it("lets an owner demote themself when another owner remains", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "OWNER"]);
    const me = people[0]!;
    await changeMemberRole(db, { providerId: provider.id, memberId: me.member.id, role: "MEMBER", caller: callerAs(actorFor(me.user), "OWNER") });
    expect(await activeOwners(db, provider.id)).toEqual([{ id: people[1]!.member.id }]);
  });

  it("changes the role of a pending invitation, which stays pending", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["ADMIN"]);
    const { member } = await makeInvitation(db, { provider, role: "MEMBER" });
    await expect(
      changeMemberRole(db, { providerId: provider.id, memberId: member.id, role: "ADMIN", caller: callerAs(actorFor(people[0]!.user), "ADMIN") }),
    ).resolves.toMatchObject({ role: "ADMIN", inviteStatus: "PENDING" });
  });

  it("answers not found for another provider's member, a removed member and a malformed id", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const other = await makeMember(db, { provider: await makeProvider(db) });
    const base = { providerId: provider.id, role: "ADMIN" as const, caller: callerAs(actorFor(people[0]!.user), "OWNER" as const) };
    await expect(changeMemberRole(db, { ...base, memberId: other.member.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(changeMemberRole(db, { ...base, memberId: "not-a-uuid" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberRow(db, other.member.id)).role).toBe("MEMBER");
  });

  it("judges a studio caller by their role at the time of the change, not when the page loaded", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "OWNER", "MEMBER"]);
    const [demoted, , target] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await changeMemberRole(db, { providerId: provider.id, memberId: demoted.member.id, role: "MEMBER", caller: callerAs(actorFor(people[1]!.user), "OWNER") });
    const before = await teamSnapshot(db, provider.id);
    await expect(
      changeMemberRole(db, {
        providerId: provider.id,
        memberId: target.member.id,
        role: "OWNER",
        caller: callerAs(actorFor(demoted.user), "OWNER", demoted.member.id),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await teamSnapshot(db, provider.id)).toEqual(before);
  });

  it("leaves exactly one owner when the last two owners demote each other at the same moment", raceTest, async () => {
    const db = getDb();
    // Several teams at once, so the two demotions of a team really overlap on a pooled Postgres.
    const teams = await Promise.all(Array.from({ length: 8 }, () => makeTeam(db, ["OWNER", "OWNER"])));
    await Promise.all(
      teams.map(async ({ provider, people }) => {
        const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
        const results = await Promise.allSettled([
          changeMemberRole(db, { providerId: provider.id, memberId: b.member.id, role: "ADMIN", caller: callerAs(actorFor(a.user), "OWNER") }),
          changeMemberRole(db, { providerId: provider.id, memberId: a.member.id, role: "ADMIN", caller: callerAs(actorFor(b.user), "OWNER") }),
        ]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        expect(results.find((r) => r.status === "rejected")?.reason).toMatchObject({ code: "LAST_OWNER" });
        expect(await activeOwners(db, provider.id)).toHaveLength(1);
      }),
    );
  });
});
