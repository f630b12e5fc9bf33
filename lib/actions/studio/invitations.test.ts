import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { makeInvitation, makeTeam, memberRow } from "@/test/support/team-test-kit";
import { makeUser } from "@/test/support/factories";
import { cookies, setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import { acceptInvitationAction, declineInvitationAction } from "./invitations";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

async function setUp() {
  const db = getDb();
  const { provider } = await makeTeam(db, ["OWNER"]);
  const invitation = await makeInvitation(db, { provider, role: "ADMIN" });
  return { db, provider, invitation };
}

const ACTIONS = [
  { name: "accept", call: (memberId: string) => acceptInvitationAction({ memberId }) },
  { name: "decline", call: (memberId: string) => declineInvitationAction({ memberId }) },
];

describe("invitation actions", () => {
  it.each(ACTIONS)("$name: refuses an anonymous caller, a cross-site call and someone else; changes nothing", async ({ call }) => {
    const { db, invitation } = await setUp();
    const before = await memberRow(db, invitation.member.id);
    setRequest({});
    expect(await unchangedBy<unknown>(db, () => call(invitation.member.id))).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await signInAs(db, invitation.user.id, { headers: CROSS_SITE });
    expect(await unchangedBy<unknown>(db, () => call(invitation.member.id))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await signInAs(db, (await makeUser(db)).id);
    expect(await unchangedBy<unknown>(db, () => call(invitation.member.id))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await memberRow(db, invitation.member.id)).toEqual(before);
    expect((await cookies()).get("studio_provider")).toBeUndefined();
  });

  it("accept: joins the team and makes it the studio's provider", async () => {
    const { db, provider, invitation } = await setUp();
    // Already in another team, with that one chosen: accepting switches the studio to the new one.
    const other = await makeTeam(db, ["OWNER"]);
    await signInAs(db, invitation.user.id, { cookies: { studio_provider: other.provider.id } });
    expect(await acceptInvitationAction({ memberId: invitation.member.id })).toEqual({
      ok: true,
      data: { providerName: provider.name, role: "ADMIN" },
    });
    expect((await memberRow(db, invitation.member.id)).inviteStatus).toBe("ACCEPTED");
    expect((await cookies()).get("studio_provider")?.value).toBe(provider.id);
  });

  it("accept: says an expired invitation has expired", async () => {
    const { db, provider } = await setUp();
    const expired = await makeInvitation(db, { provider, expiresInMs: -1000 });
    await signInAs(db, expired.user.id);
    expect(await acceptInvitationAction({ memberId: expired.member.id })).toMatchObject({ ok: false, code: "INVITATION_EXPIRED" });
    expect((await memberRow(db, expired.member.id)).inviteStatus).toBe("PENDING");
  });

  it("decline: withdraws the invitation", async () => {
    const { db, invitation } = await setUp();
    await signInAs(db, invitation.user.id);
    expect(await declineInvitationAction({ memberId: invitation.member.id })).toMatchObject({ ok: true });
    expect((await memberRow(db, invitation.member.id)).revokedAt).toBeInstanceOf(Date);
  });
});
