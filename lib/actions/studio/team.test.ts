import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import type { MemberRole } from "@/db/enums";
import { activeOwners, invitationEmailsTo, makeInvitation, makeTeam, memberRow, teamSnapshot } from "@/test/support/team-test-kit";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import {
  changeMemberRoleAction,
  inviteMemberAction,
  leaveProviderAction,
  removeMemberAction,
  resendInvitationAction,
} from "./team";

vi.mock("next/headers", () => import("@/test/support/next-request"));
// Outside a Next.js request there is no cache to revalidate; what is revalidated is not under test here.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

/** A team with an OWNER, ADMIN and MEMBER, a pending invitation and a person with no team. */
async function setUp() {
  const db = getDb();
  const { provider, people } = await makeTeam(db, ["OWNER", "ADMIN", "MEMBER"]);
  const [owner, admin, member] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const invitation = await makeInvitation(db, { provider, expiresInMs: -1000 });
  const outsider = await makeUser(db);
  return { db, provider, owner, admin, member, invitation, outsider };
}

type Team = Awaited<ReturnType<typeof setUp>>;

// Every write action of the team page, with an input that would succeed for an OWNER.
const WRITES: { name: string; call: (t: Team) => Promise<unknown> }[] = [
  { name: "invite", call: (t) => inviteMemberAction({ email: t.outsider.email, role: "MEMBER" }) },
  { name: "change role", call: (t) => changeMemberRoleAction({ memberId: t.admin.member.id, role: "MEMBER" }) },
  { name: "remove", call: (t) => removeMemberAction({ memberId: t.admin.member.id }) },
  { name: "resend", call: (t) => resendInvitationAction({ memberId: t.invitation.member.id }) },
];

describe("team actions: who may call them", () => {
  it.each(WRITES)("$name: refuses an anonymous caller and changes nothing", async ({ call }) => {
    const t = await setUp();
    const before = await teamSnapshot(t.db, t.provider.id);
    setRequest({});
    expect(await unchangedBy(t.db, () => call(t))).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await teamSnapshot(t.db, t.provider.id)).toEqual(before);
  });

  it.each(WRITES)("$name: refuses a MEMBER and changes nothing", async ({ call }) => {
    const t = await setUp();
    const before = await teamSnapshot(t.db, t.provider.id);
    await signInAs(t.db, t.member.user.id);
    expect(await unchangedBy(t.db, () => call(t))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await teamSnapshot(t.db, t.provider.id)).toEqual(before);
    expect(await invitationEmailsTo(t.db, t.outsider.email)).toEqual([]);
  });

  it.each(WRITES)("$name: refuses a cross-site call from a signed-in OWNER and changes nothing", async ({ call }) => {
    const t = await setUp();
    const before = await teamSnapshot(t.db, t.provider.id);
    await signInAs(t.db, t.owner.user.id, { headers: CROSS_SITE });
    expect(await unchangedBy(t.db, () => call(t))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await teamSnapshot(t.db, t.provider.id)).toEqual(before);
  });

  it.each(WRITES)("$name: succeeds for the OWNER", async ({ call }) => {
    const t = await setUp();
    await signInAs(t.db, t.owner.user.id, { headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } });
    expect(await call(t)).toMatchObject({ ok: true });
  });

  it("leave: refuses an anonymous caller and a cross-site call", async () => {
    const t = await setUp();
    setRequest({});
    expect(await leaveProviderAction({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await signInAs(t.db, t.member.user.id, { headers: CROSS_SITE });
    expect(await leaveProviderAction({})).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect((await memberRow(t.db, t.member.member.id)).revokedAt).toBeNull();
  });
});

describe("team actions: another provider's people", () => {
  it.each([
    { name: "change role", call: (id: string) => changeMemberRoleAction({ memberId: id, role: "ADMIN" }) },
    { name: "remove", call: (id: string) => removeMemberAction({ memberId: id }) },
    { name: "resend", call: (id: string) => resendInvitationAction({ memberId: id }) },
  ])("$name: answers not found and changes nothing", async ({ call }) => {
    const t = await setUp();
    const elsewhere = await makeProvider(t.db);
    const foreign = await makeMember(t.db, { provider: elsewhere, inviteStatus: "PENDING" });
    const before = await teamSnapshot(t.db, elsewhere.id);
    await signInAs(t.db, t.owner.user.id);
    expect(await call(foreign.member.id)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await teamSnapshot(t.db, elsewhere.id)).toEqual(before);
  });
});

describe("team actions: what they do", () => {
  it("invites with the API's schema: field errors for a bad email, an account made for someone who never signed in, clear codes for members", async () => {
    const t = await setUp();
    await signInAs(t.db, t.admin.user.id);
    expect(await inviteMemberAction({ email: "not an email", role: "MEMBER" })).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { email: expect.any(String) },
    });
    // Unlike the API (422 USER_NOT_FOUND), the studio invites someone who has never signed in.
    expect(await inviteMemberAction({ email: "nobody@example.com", role: "MEMBER" })).toMatchObject({
      ok: true,
      data: { email: "nobody@example.com", role: "MEMBER", newAccount: true },
    });
    expect(await inviteMemberAction({ email: t.member.user.email, role: "MEMBER" })).toMatchObject({ code: "ALREADY_MEMBER" });
    expect(await inviteMemberAction({ email: t.outsider.email, role: "OWNER" })).toMatchObject({ code: "FORBIDDEN" });
    expect(await inviteMemberAction({ email: ` ${t.outsider.email.toUpperCase()} `, role: "ADMIN" })).toMatchObject({
      ok: true,
      data: { email: t.outsider.email, role: "ADMIN", newAccount: false },
    });
    const [email] = await invitationEmailsTo(t.db, t.outsider.email);
    expect(email?.text).toContain(`Invited by: “Test User” <${t.admin.user.email}>`);
  });

  it("answers LAST_OWNER when the only owner demotes themself or leaves", async () => {
    const t = await setUp();
    await signInAs(t.db, t.owner.user.id);
    expect(await changeMemberRoleAction({ memberId: t.owner.member.id, role: "ADMIN" })).toMatchObject({ ok: false, code: "LAST_OWNER" });
    expect(await leaveProviderAction({})).toMatchObject({ ok: false, code: "LAST_OWNER" });
    expect(await activeOwners(t.db, t.provider.id)).toEqual([{ id: t.owner.member.id }]);
  });

  it.each<MemberRole>(["MEMBER", "ADMIN"])("lets a %s leave", async (role) => {
    const t = await setUp();
    const me = role === "MEMBER" ? t.member : t.admin;
    await signInAs(t.db, me.user.id);
    expect(await leaveProviderAction({})).toMatchObject({ ok: true, data: { providerName: t.provider.name } });
    expect((await memberRow(t.db, me.member.id)).revokedAt).toBeInstanceOf(Date);
  });

  it("acts on the provider chosen in the cookie when the person belongs to several", async () => {
    const t = await setUp();
    const second = await makeProvider(t.db);
    await makeMember(t.db, { provider: second, user: t.member.user, role: "OWNER" });
    const target = await makeMember(t.db, { provider: second, role: "MEMBER" });
    // Owner of `second`, only a MEMBER of the first: the cookie decides which role applies.
    await signInAs(t.db, t.member.user.id, { cookies: { studio_provider: t.provider.id } });
    expect(await removeMemberAction({ memberId: target.member.id })).toMatchObject({ code: "FORBIDDEN" });
    await signInAs(t.db, t.member.user.id, { cookies: { studio_provider: second.id } });
    expect(await removeMemberAction({ memberId: target.member.id })).toMatchObject({ ok: true });
  });
});
