import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { MemberRole } from "@/db/enums";
import { makeUser } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { leaveProvider } from "./leave-provider";
import { activeOwners, actorFor, auditFor, makeTeam, memberRow } from "@/test/support/team-test-kit";

describe("leaveProvider", () => {
  it.each<MemberRole>(["MEMBER", "ADMIN", "OWNER"])("lets a %s leave (another owner remains) and records it", async (role) => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", role]);
    const me = people[1]!;
    await leaveProvider(db, { providerId: provider.id, userId: me.user.id, actor: actorFor(me.user) });
    expect((await memberRow(db, me.member.id)).revokedAt).toBeInstanceOf(Date);
    expect(await auditFor(db, me.member.id)).toMatchObject([{ action: "member.left", actorId: me.user.id, metadata: { role } }]);
  });

  it("refuses to let the last owner leave", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN"]);
    const owner = people[0]!;
    await expect(leaveProvider(db, { providerId: provider.id, userId: owner.user.id, actor: actorFor(owner.user) })).rejects.toMatchObject({
      code: "LAST_OWNER",
    });
    expect((await memberRow(db, owner.member.id)).revokedAt).toBeNull();
  });

  it("leaves one owner when the last two owners leave at the same moment", raceTest, async () => {
    const db = getDb();
    const teams = await Promise.all(Array.from({ length: 6 }, () => makeTeam(db, ["OWNER", "OWNER"])));
    await Promise.all(
      teams.map(async ({ provider, people }) => {
        const results = await Promise.allSettled(
          people.map((p) => leaveProvider(db, { providerId: provider.id, userId: p.user.id, actor: actorFor(p.user) })),
        );
        expect(results.filter((r) => r.status === "rejected")).toMatchObject([{ reason: { code: "LAST_OWNER" } }]);
        expect(await activeOwners(db, provider.id)).toHaveLength(1);
      }),
    );
  });

  it("answers not found for someone who is not a member", async () => {
    const db = getDb();
    const { provider } = await makeTeam(db, ["OWNER"]);
    const stranger = await makeUser(db);
    await expect(leaveProvider(db, { providerId: provider.id, userId: stranger.id, actor: actorFor(stranger) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
