import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, interestApplications, providerMembers, providers, users } from "@/db/schema";
import { env } from "@/lib/config/env";
import { insertApplicationRow } from "@/lib/applications/insert-application-row";
import { withEnv } from "@/test/support/env";
import { makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { approveApplicationAction, rejectApplicationAction } from "./applications";

vi.mock("next/headers", () => import("@/test/support/next-request"));
// Outside a Next.js request there is no cache to revalidate; the calls are checked, not performed.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

let n = 0;
function inReview(companyName: string | null = null) {
  n += 1;
  return insertApplicationRow(getDb(), {
    fullName: `Queue Person ${n}`,
    email: `queue${n}@example.com`,
    companyName,
    description: "We make sturdy things for the web.",
    stage: "IN_REVIEW",
    verifiedAt: new Date(),
  });
}

const stageOf = async (id: string) =>
  (await getDb().select().from(interestApplications).where(eq(interestApplications.id, id)))[0]!.stage;
const emailsTo = (to: string) => getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));

async function signInAdmin() {
  const db = getDb();
  const admin = await makeUser(db, { isAdmin: true });
  await signInAs(db, admin.id);
  return admin;
}

describe("approveApplicationAction", () => {
  it("approves for an admin: the applicant owns a new unpublished provider and gets one email linking to the studio", async () => {
    const db = getDb();
    const admin = await signInAdmin();
    const app = await inReview("Queue Works");
    const result = await approveApplicationAction({ applicationId: app.id });
    expect(result).toEqual({
      ok: true,
      data: { applicationId: app.id, providerId: expect.any(String), providerSlug: "queue-works" },
    });
    const [provider] = await db.select().from(providers).where(eq(providers.slug, "queue-works"));
    expect(provider).toMatchObject({ approvalStatus: "APPROVED", publicProfile: false });
    const [owner] = await db
      .select({ email: users.email, role: providerMembers.role })
      .from(providerMembers)
      .innerJoin(users, eq(users.id, providerMembers.userId))
      .where(eq(providerMembers.providerId, provider!.id));
    expect(owner).toEqual({ email: app.email, role: "OWNER" });
    const emails = await emailsTo(app.email);
    expect(emails).toHaveLength(1);
    // The approval email signs the new owner in once and lands in their studio (a one-time link).
    const link = new URL(/https?:\/\/\S+\/signin\/confirm\S+/.exec(emails[0]!.text!)![0]);
    expect(link.origin).toBe(new URL(env().APP_URL).origin);
    expect(link.searchParams.get("callbackUrl")).toBe(`${env().APP_URL}/studio`);
    expect(link.searchParams.get("email")).toBe(app.email);
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, app.id));
    expect(event).toMatchObject({ action: "application.approved", actorType: "ADMIN", actorId: admin.id, actorLabel: admin.email });
    expect(event!.requestId).toEqual(expect.any(String));
  });

  it("two approvals of one application at once create one provider and one email; the other hears it was decided", raceTest, async () => {
    const db = getDb();
    await signInAdmin();
    const app = await inReview("Double Click Co");
    const results = await Promise.all([
      approveApplicationAction({ applicationId: app.id }),
      approveApplicationAction({ applicationId: app.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: "CONFLICT", message: expect.stringContaining("already decided") });
    expect(await db.select().from(providers).where(eq(providers.name, "Double Click Co"))).toHaveLength(1);
    expect(await emailsTo(app.email)).toHaveLength(1);
  });

  it("counts addresses listed in ADMIN_EMAILS as admins", async () => {
    const db = getDb();
    const listed = await makeUser(db, { email: "listed-admin@example.com" });
    const app = await inReview();
    await withEnv({ ADMIN_EMAILS: "listed-admin@example.com" }, async () => {
      await signInAs(db, listed.id);
      expect(await approveApplicationAction({ applicationId: app.id })).toMatchObject({ ok: true });
    });
  });

  it("answers NOT_FOUND to anonymous callers and signed-in non-admins, FORBIDDEN cross-site, and changes nothing", async () => {
    const db = getDb();
    const app = await inReview();
    const approve = () => unchangedBy(db, () => approveApplicationAction({ applicationId: app.id }));
    setRequest({});
    expect(await approve()).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const person = await makeUser(db);
    await signInAs(db, person.id);
    expect(await approve()).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const admin = await makeUser(db, { isAdmin: true });
    await signInAs(db, admin.id, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(await approve()).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await stageOf(app.id)).toBe("IN_REVIEW");
    expect(await emailsTo(app.email)).toEqual([]);
  });
});

describe("rejectApplicationAction", () => {
  it("rejects with the reason, which the queued email quotes", async () => {
    await signInAdmin();
    const app = await inReview();
    const result = await rejectApplicationAction({ applicationId: app.id, reason: "We only list agencies for now." });
    expect(result).toEqual({ ok: true, data: { applicationId: app.id, rejectionReason: "We only list agencies for now." } });
    expect(await stageOf(app.id)).toBe("REJECTED");
    const emails = await emailsTo(app.email);
    expect(emails.map((e) => [e.kind, e.text?.includes("We only list agencies for now.")])).toEqual([["REJECTION", true]]);
  });

  it("requires a reason and names the field", async () => {
    await signInAdmin();
    const app = await inReview();
    expect(await rejectApplicationAction({ applicationId: app.id, reason: "   " })).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { reason: "Give a reason for the rejection" },
    });
    expect(await stageOf(app.id)).toBe("IN_REVIEW");
  });

  it("tells the second admin the application was already decided", async () => {
    await signInAdmin();
    const app = await inReview();
    expect(await approveApplicationAction({ applicationId: app.id })).toMatchObject({ ok: true });
    expect(await rejectApplicationAction({ applicationId: app.id, reason: "Too late" })).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "The application is already decided (approved).",
    });
  });

  it("answers NOT_FOUND to a signed-in non-admin and changes nothing", async () => {
    const db = getDb();
    const app = await inReview();
    const person = await makeUser(db);
    const reject = () => unchangedBy(db, () => rejectApplicationAction({ applicationId: app.id, reason: "No" }));
    await signInAs(db, person.id);
    expect(await reject()).toMatchObject({ ok: false, code: "NOT_FOUND" });
    setRequest({});
    expect(await reject()).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await stageOf(app.id)).toBe("IN_REVIEW");
    expect(
      await db.select().from(auditEvents).where(and(eq(auditEvents.targetId, app.id), eq(auditEvents.action, "application.rejected"))),
    ).toEqual([]);
  });
});
