import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider, makeMember } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { removeMember } from "./remove-member";
import { activeOwners, actorFor, auditFor, callerAs, makeInvitation, makeTeam, memberRow } from "@/test/support/team-test-kit";

describe("removeMember", () => {
  it("soft-deletes a member and records who removed them", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["ADMIN", "MEMBER"]);
    const [admin, member] = people as [(typeof people)[0], (typeof people)[0]];
    await removeMember(db, { providerId: provider.id, memberId: member.member.id, caller: callerAs(actorFor(admin.user), "ADMIN") });
    expect((await memberRow(db, member.member.id)).revokedAt).toBeInstanceOf(Date);
    expect(await auditFor(db, member.member.id)).toMatchObject([{ action: "member.removed", actorId: admin.user.id }]);
  });

  it("refuses the last accepted owner but removes a pending owner invitation", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const owner = people[0]!;
    const pendingOwner = await makeInvitation(db, { provider, role: "OWNER" });
    const base = { providerId: provider.id, caller: callerAs(actorFor(owner.user), "OWNER" as const) };
    await expect(removeMember(db, { ...base, memberId: owner.member.id })).rejects.toMatchObject({ code: "LAST_OWNER" });
    await removeMember(db, { ...base, memberId: pendingOwner.member.id });
    expect((await memberRow(db, owner.member.id)).revokedAt).toBeNull();
    expect((await memberRow(db, pendingOwner.member.id)).revokedAt).toBeInstanceOf(Date);
  });

  it("refuses an ADMIN removing an OWNER and a MEMBER removing anyone", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "OWNER", "ADMIN", "MEMBER"]);
    const [owner, , admin, member] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await expect(
      removeMember(db, { providerId: provider.id, memberId: owner.member.id, caller: callerAs(actorFor(admin.user), "ADMIN") }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      removeMember(db, { providerId: provider.id, memberId: admin.member.id, caller: callerAs(actorFor(member.user), "MEMBER") }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await memberRow(db, owner.member.id)).revokedAt).toBeNull();
    expect((await memberRow(db, admin.member.id)).revokedAt).toBeNull();
  });

  it("answers not found for another provider's member and a member already removed", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "MEMBER"]);
    const other = await makeMember(db, { provider: await makeProvider(db) });
    const base = { providerId: provider.id, caller: callerAs(actorFor(people[0]!.user), "OWNER" as const) };
    await expect(removeMember(db, { ...base, memberId: other.member.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removeMember(db, { ...base, memberId: people[1]!.member.id });
    await expect(removeMember(db, { ...base, memberId: people[1]!.member.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberRow(db, other.member.id)).revokedAt).toBeNull();
  });

  it("keeps one owner when two owners remove each other at the same moment", raceTest, async () => {
    const db = getDb();
    const teams = await Promise.all(Array.from({ length: 6 }, () => makeTeam(db, ["OWNER", "OWNER"])));
    await Promise.all(
      teams.map(async ({ provider, people }) => {
        const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
        await Promise.allSettled([
          removeMember(db, { providerId: provider.id, memberId: b.member.id, caller: callerAs(actorFor(a.user), "OWNER") }),
          removeMember(db, { providerId: provider.id, memberId: a.member.id, caller: callerAs(actorFor(b.user), "OWNER") }),
        ]);
        expect(await activeOwners(db, provider.id)).toHaveLength(1);
      }),
    );
  });
});
