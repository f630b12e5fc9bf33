import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, providers } from "@/db/schema";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import type { Actor } from "@/lib/audit/record-audit-event";
import { makeMember, makeProvider, makeProviderWithOwner } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { setProviderApproval } from "./set-provider-approval";

const actor: Actor = { type: "ADMIN", id: null, label: "admin@example.com" };

/** The outbox's emails to these addresses, oldest first. */
const mailTo = (addresses: string[]) =>
  getDb().select().from(emailOutbox).where(inArray(emailOutbox.to, addresses)).orderBy(emailOutbox.createdAt, emailOutbox.to);

/** A listed provider with two owners, an admin, a plain member and a pending invitation of an owner. */
async function providerWithTeam() {
  const db = getDb();
  const { provider, owner } = await makeProviderWithOwner(db, { name: "Team Suspended Ltd" });
  const secondOwner = await makeMember(db, { provider, role: "OWNER" });
  const admin = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  const invitedOwner = await makeMember(db, { provider, role: "OWNER", inviteStatus: "PENDING" });
  const owners = [owner.user.email, secondOwner.user.email].sort();
  const everyone = [...owners, admin.user.email, member.user.email, invitedOwner.user.email];
  return { db, provider, owners, everyone };
}

const actionsFor = async (providerId: string) =>
  (
    await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, providerId), eq(auditEvents.targetType, "provider")))
      .orderBy(auditEvents.createdAt)
  ).map((e) => [e.action, e.metadata]);

describe("setProviderApproval", () => {
  it("suspending removes a listed provider from the public directory at once and stops its keys; reinstating brings both back", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db, { name: "Suspend Me Ltd" });
    expect((await listPublicProviderCards(db, { q: "Suspend Me", page: 1, limit: 10 })).total).toBe(1);

    const result = await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Spam", actor });
    expect(result).toEqual({ providerId: provider.id, slug: provider.slug, approvalStatus: "SUSPENDED", changed: true });
    expect((await listPublicProviderCards(db, { q: "Suspend Me", page: 1, limit: 10 })).total).toBe(0);
    await expect(getPublicProviderOrRedirect(db, { slug: provider.slug })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(authenticateApiKey(db, { authorization: `Bearer ${key}` })).rejects.toMatchObject({
      code: "PROVIDER_SUSPENDED",
      status: 403,
    });

    const back = await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor });
    await expect(authenticateApiKey(db, { authorization: `Bearer ${key}` })).resolves.toMatchObject({ providerId: provider.id });
    expect(back).toMatchObject({ approvalStatus: "APPROVED", changed: true });
    expect(await getPublicProviderOrRedirect(db, { slug: provider.slug })).toMatchObject({ kind: "profile", profile: { slug: provider.slug } });
    expect(await actionsFor(provider.id)).toEqual([
      ["provider.suspended", { slug: provider.slug, from: "APPROVED", to: "SUSPENDED", note: "Spam" }],
      ["provider.reinstated", { slug: provider.slug, from: "SUSPENDED", to: "APPROVED" }],
    ]);
  });

  it("approves a pending provider and records when; reinstating keeps the first approval time", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { approvalStatus: "PENDING", approvedAt: null });
    await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor });
    const [approved] = await db.select().from(providers).where(eq(providers.id, provider.id));
    expect(approved!.approvedAt).toBeInstanceOf(Date);
    await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Complaints", actor });
    await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor });
    const [reinstated] = await db.select().from(providers).where(eq(providers.id, provider.id));
    expect(reinstated!.approvedAt).toEqual(approved!.approvedAt);
    expect((await actionsFor(provider.id)).map(([a]) => a)).toEqual([
      "provider.approved",
      "provider.suspended",
      "provider.reinstated",
    ]);
  });

  it("a repeated suspension changes nothing and records no second event", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const first = await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Complaints", actor });
    const second = await unchangedBy(db, () => setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Complaints", actor }));
    expect([first.changed, second.changed]).toEqual([true, false]);
    expect(await actionsFor(provider.id)).toHaveLength(1);
  });

  it("two simultaneous suspensions change the provider once and record one event", raceTest, async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const results = await Promise.all([
      setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Complaints", actor }),
      setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Complaints", actor }),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(await actionsFor(provider.id)).toHaveLength(1);
  });

  it("answers NOT_FOUND for unknown and malformed ids", async () => {
    const db = getDb();
    for (const providerId of [crypto.randomUUID(), "1; drop table providers"]) {
      await expect(setProviderApproval(db, { providerId, status: "SUSPENDED", note: "Complaints", actor })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
  });
});

describe("setProviderApproval: the reason and the owners' emails", () => {
  it("refuses a suspension without a reason (missing, empty or blank) with VALIDATION_FAILED, and changes nothing", async () => {
    const { db, provider } = await providerWithTeam();
    for (const note of [undefined, "", "   \n  "]) {
      const suspend = () => setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: note as string, actor });
      await expect(unchangedBy(db, suspend)).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [expect.objectContaining({ path: "note", message: expect.stringContaining("Say why") })],
      });
    }
    expect((await db.select().from(providers).where(eq(providers.id, provider.id)))[0]!.approvalStatus).toBe("APPROVED");
  });

  it("a suspension queues one email per accepted owner, quoting the reason; admins, members and pending invitations get none", async () => {
    const { db, provider, owners, everyone } = await providerWithTeam();
    await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "  Unpaid invoices.\nWe are looking into it.  ", actor });
    const mail = await mailTo(everyone);
    expect(mail.map((m) => m.to).sort()).toEqual(owners);
    for (const m of mail) {
      expect(m).toMatchObject({ kind: "PROVIDER_SUSPENDED", subject: "Your provider has been suspended on Provider Registry", replyTo: actor.label });
      expect(m.text).toContain("Provider: “Team Suspended Ltd”");
      expect(m.text).toContain("The registry's reason:\n> Unpaid invoices.\n> We are looking into it.");
      expect(m.text).toContain("its API keys are refused on every request");
      expect(m.text).toContain("reply to this email");
      expect(m.html).toContain("Unpaid invoices.<br>We are looking into it.");
    }
    // The trail keeps the reason as trimmed, the same text the email quotes.
    expect((await actionsFor(provider.id)).at(-1)?.[1]).toMatchObject({ note: "Unpaid invoices.\nWe are looking into it." });
  });

  it("a reinstatement emails the owners that it is over; approving a pending provider and a repeated change email nobody", async () => {
    const { db, provider, owners, everyone } = await providerWithTeam();
    await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Spam", actor });
    await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Spam again", actor });
    await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor });
    await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor });
    const mail = await mailTo(everyone);
    expect(mail.map((m) => [m.kind, m.to])).toEqual([...owners.map((o) => ["PROVIDER_SUSPENDED", o]), ...owners.map((o) => ["PROVIDER_REINSTATED", o])]);
    const reinstated = mail.find((m) => m.kind === "PROVIDER_REINSTATED")!;
    expect(reinstated.subject).toBe("Your provider has been reinstated on Provider Registry");
    expect(reinstated.text).toContain("its API keys work again");
    expect(reinstated.text).not.toContain("Spam");

    const pending = await makeProviderWithOwner(db, { approvalStatus: "PENDING", approvedAt: null });
    await setProviderApproval(db, { providerId: pending.provider.id, status: "APPROVED", actor });
    expect(await mailTo([pending.owner.user.email])).toEqual([]);
  });

  it("a suspension rolled back with its transaction leaves no email and no change", async () => {
    const { db, provider, everyone } = await providerWithTeam();
    await expect(
      unchangedBy(db, () =>
        db.transaction(async (tx) => {
          await setProviderApproval(tx, { providerId: provider.id, status: "SUSPENDED", note: "Spam", actor });
          expect((await tx.select().from(emailOutbox).where(inArray(emailOutbox.to, everyone))).length).toBe(2);
          throw new Error("rolled back");
        }),
      ),
    ).rejects.toThrow("rolled back");
    expect(await mailTo(everyone)).toEqual([]);
  });
});
