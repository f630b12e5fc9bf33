import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { DELETE as REMOVE } from "@/app/api/provider/studio/members/[id]/route";
import { POST as INVITE } from "@/app/api/provider/studio/members/route";
import { inviteMemberAction, resendInvitationAction } from "@/lib/actions/studio/team";
import { makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { signInAs } from "@/test/support/next-request";
import { raceTest } from "@/test/support/races";
import { INVITATION_EMAILS_PER_INVITEE, INVITATION_EMAILS_PER_PROVIDER } from "@/lib/members/invitation-limits";
import { inviteMember } from "@/lib/members/invite-member";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { resendInvitation } from "@/lib/members/resend-invitation";
import { actorFor, callerAs } from "@/test/support/team-test-kit";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const URL_ = "/api/provider/studio/members";
const invite = (key: string, email: string) => call(INVITE, URL_, { key, json: { email, role: "MEMBER" } });
const remove = (key: string, id: string) => call(REMOVE, `${URL_}/${id}`, { method: "DELETE", key, params: { id } });

async function invitationEmails(to: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

describe("invitation email limits", () => {
  it("stops an invite-then-remove loop with one key at the invitee's limit: 429 with Retry-After, no more email", async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    const victim = await makeUser(db);
    for (let i = 0; i < INVITATION_EMAILS_PER_INVITEE; i++) {
      const invited = await invite(key, victim.email);
      expect(invited.status).toBe(201);
      expect((await remove(key, ((await invited.json()) as { id: string }).id)).status).toBe(204);
    }
    const refused = await invite(key, victim.email);
    expect(refused.status).toBe(429);
    expect((await problemOf(refused)).code).toBe("RATE_LIMITED");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await invitationEmails(victim.email)).toHaveLength(INVITATION_EMAILS_PER_INVITEE);
  });

  it("counts the invitee's mailbox, so accounts under +tags of one address share the limit", async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    const local = `tagged-${crypto.randomUUID().slice(0, 8)}`;
    const statuses: number[] = [];
    for (let i = 0; i <= INVITATION_EMAILS_PER_INVITEE; i++) {
      const user = await makeUser(db, { email: `${local}+${i}@example.com` });
      statuses.push((await invite(key, user.email)).status);
    }
    expect(statuses).toEqual([...Array<number>(INVITATION_EMAILS_PER_INVITEE).fill(201), 429]);
  });

  it(`stops one provider after ${INVITATION_EMAILS_PER_PROVIDER} invitation emails in 24 hours, whoever they go to`, async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    for (let i = 0; i < INVITATION_EMAILS_PER_PROVIDER; i++) {
      expect((await invite(key, (await makeUser(db)).email)).status).toBe(201);
    }
    const next = await makeUser(db);
    const refused = await invite(key, next.email);
    expect(refused.status).toBe(429);
    expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
    expect(await invitationEmails(next.email)).toEqual([]);
    // Another provider may still invite that person.
    const other = await makeProviderWithOwner(db);
    expect((await invite(other.key, next.email)).status).toBe(201);
  });

  it("stops the invitations of a person that several providers invite one after another at the invitee's limit", async () => {
    const db = getDb();
    const invitee = await makeUser(db);
    const statuses: number[] = [];
    for (let i = 0; i < INVITATION_EMAILS_PER_INVITEE + 2; i++) {
      const { key } = await makeProviderWithOwner(db);
      statuses.push((await invite(key, invitee.email)).status);
    }
    expect(statuses).toEqual([...Array(INVITATION_EMAILS_PER_INVITEE).fill(201), 429, 429]);
    expect(await invitationEmails(invitee.email)).toHaveLength(INVITATION_EMAILS_PER_INVITEE);
  });

  it("holds the invitee's limit exactly when ten providers invite one person at the same moment", raceTest, async () => {
    const db = getDb();
    const victim = await makeUser(db);
    const teams = await Promise.all(Array.from({ length: 10 }, () => makeProviderWithOwner(db)));
    const statuses = (await Promise.all(teams.map((t) => invite(t.key, victim.email)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATION_EMAILS_PER_INVITEE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - INVITATION_EMAILS_PER_INVITEE);
    expect(await invitationEmails(victim.email)).toHaveLength(INVITATION_EMAILS_PER_INVITEE);
  });

  it("counts resent invitations like new ones", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const invitee = await makeUser(db);
    const actor = { caller: callerAs(actorFor(owner.user), "OWNER" as const, owner.member.id) };
    const member = await inviteMember(db, { providerId: provider.id, email: invitee.email, role: "MEMBER", ...actor });
    for (let i = 1; i < INVITATION_EMAILS_PER_INVITEE; i++) {
      await resendInvitation(db, { providerId: provider.id, memberId: member.id, ...actor });
    }
    await expect(resendInvitation(db, { providerId: provider.id, memberId: member.id, ...actor })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(await invitationEmails(invitee.email)).toHaveLength(INVITATION_EMAILS_PER_INVITEE);
  });

  it("refuses the studio's invite and resend actions the same way, with the seconds to wait", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    const invitee = await makeUser(db);
    await signInAs(db, owner.user.id);
    const first = await inviteMemberAction({ email: invitee.email, role: "MEMBER" });
    if (!first.ok) throw new Error(first.message);
    for (let i = 1; i < INVITATION_EMAILS_PER_INVITEE; i++) {
      expect(await resendInvitationAction({ memberId: first.data.id })).toMatchObject({ ok: true });
    }
    const refused = await resendInvitationAction({ memberId: first.data.id });
    expect(refused).toMatchObject({ ok: false, code: "RATE_LIMITED", message: expect.stringMatching(/Try again later/) });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
  });

  it("reads the same whichever limit refused: the invitee's tells a provider nothing of other providers' invitations", async () => {
    const db = getDb();
    const invitee = await makeUser(db);
    for (let i = 0; i < INVITATION_EMAILS_PER_INVITEE; i++) {
      expect((await invite((await makeProviderWithOwner(db)).key, invitee.email)).status).toBe(201);
    }
    const refused = await invite((await makeProviderWithOwner(db)).key, invitee.email);
    expect(refused.status).toBe(429);
    expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
  });
});

describe("invitations to addresses without an account (issue 25)", () => {
  const unknown = () => `nobody-${crypto.randomUUID()}@example.com`;

  it(`count against the provider's limit: ${INVITATION_EMAILS_PER_PROVIDER} answers of 422, then 429 for every address, known or not`, async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    for (let i = 0; i < INVITATION_EMAILS_PER_PROVIDER; i++) {
      const refused = await invite(key, unknown());
      expect(refused.status).toBe(422);
      expect((await problemOf(refused)).code).toBe("USER_NOT_FOUND");
    }
    // Enumeration stops: an unknown address and a known one now answer alike.
    const next = await makeUser(db);
    for (const email of [unknown(), next.email]) {
      const refused = await invite(key, email);
      expect(refused.status, email).toBe(429);
      expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    }
    expect(await invitationEmails(next.email)).toEqual([]);
  });

  it("share the limit with invitations that are sent", async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    for (let i = 0; i < INVITATION_EMAILS_PER_PROVIDER - 1; i++) expect((await invite(key, unknown())).status).toBe(422);
    expect((await invite(key, (await makeUser(db)).email)).status).toBe(201);
    expect((await invite(key, unknown())).status).toBe(429);
  });

  it(`count exactly when ${INVITATION_EMAILS_PER_PROVIDER + 10} arrive at the same moment`, raceTest, async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    const statuses = (await Promise.all(Array.from({ length: INVITATION_EMAILS_PER_PROVIDER + 10 }, () => invite(key, unknown())))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(INVITATION_EMAILS_PER_PROVIDER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
