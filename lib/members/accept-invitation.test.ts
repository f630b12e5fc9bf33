import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerMembers } from "@/db/schema";
import { makeUser } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { acceptInvitation } from "./accept-invitation";
import { listMembershipsForUser } from "./list-memberships-for-user";
import { actorFor, auditFor, makeInvitation, makeTeam, memberRow } from "@/test/support/team-test-kit";

describe("acceptInvitation", () => {
  it("turns the person's pending invitation into an accepted membership and records it", async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const { member, user } = await makeInvitation(db, { provider, role: "ADMIN" });
    const accepted = await acceptInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) });
    expect(accepted).toEqual({
      memberId: member.id,
      role: "ADMIN",
      provider: { id: provider.id, slug: provider.slug, name: provider.name },
    });
    const row = await memberRow(db, member.id);
    expect(row.inviteStatus).toBe("ACCEPTED");
    expect(row.acceptedAt).toBeInstanceOf(Date);
    expect(await listMembershipsForUser(db, { userId: user.id })).toMatchObject([{ memberId: member.id, role: "ADMIN" }]);
    expect(await auditFor(db, member.id)).toMatchObject([
      { action: "invitation.accepted", actorType: "USER", actorId: user.id, providerId: provider.id },
    ]);
  });

  it("refuses an expired invitation and leaves it pending", async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const { member, user } = await makeInvitation(db, { provider, expiresInMs: -1000 });
    await expect(acceptInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) })).rejects.toMatchObject({
      code: "INVITATION_EXPIRED",
    });
    expect(await memberRow(db, member.id)).toMatchObject({ inviteStatus: "PENDING", acceptedAt: null });
    expect(await auditFor(db, member.id)).toEqual([]);
  });

  it("answers not found for someone else's invitation, an accepted one, a withdrawn one and a malformed id", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const { member } = await makeInvitation(db, { provider });
    const stranger = await makeUser(db);
    const withdrawn = await makeInvitation(db, { provider });
    await db.update(providerMembers).set({ revokedAt: new Date() }).where(eq(providerMembers.id, withdrawn.member.id));
    const attempts = [
      { userId: stranger.id, memberId: member.id },
      { userId: people[0]!.user.id, memberId: people[0]!.member.id },
      { userId: withdrawn.user.id, memberId: withdrawn.member.id },
      { userId: stranger.id, memberId: "nope" },
    ];
    for (const attempt of attempts) {
      await expect(acceptInvitation(db, { ...attempt, actor: actorFor(stranger) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await memberRow(db, member.id)).inviteStatus).toBe("PENDING");
  });

  it("accepts once when the same invitation is accepted twice at the same moment", raceTest, async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const { member, user } = await makeInvitation(db, { provider });
    const results = await Promise.allSettled([
      acceptInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) }),
      acceptInvitation(db, { userId: user.id, memberId: member.id, actor: actorFor(user) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await auditFor(db, member.id)).toHaveLength(1);
  });
});
