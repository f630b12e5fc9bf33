import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, interestApplications, providerMembers, providers, users, verificationTokens } from "@/db/schema";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit-event";
import { createUser } from "@/lib/users/create-user";
import { raceTest } from "@/test/support/races";
import { approveApplication } from "./approve-application";
import { insertApplicationRow } from "./insert-application-row";

let counter = 0;
function inReview(overrides: Partial<Parameters<typeof insertApplicationRow>[1]> = {}) {
  counter += 1;
  return insertApplicationRow(getDb(), {
    fullName: `Applicant ${counter}`,
    email: `applicant${counter}@example.com`,
    companyName: `Company ${counter}`,
    description: "We build careful software for careful people.",
    specialties: ["DEVELOPMENT", "DATA"],
    stage: "IN_REVIEW",
    verifiedAt: new Date(),
    ...overrides,
  });
}

describe("approveApplication", () => {
  it("turns the application's portfolio links into the provider's first portfolio items, titled by host, in order", async () => {
    const db = getDb();
    const app = await inReview({
      portfolioLinks: ["https://www.shop-relaunch.example/case", "https://apps.example.org/", "http://legacy.example.net/p?id=3"],
    });
    const result = await approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR });
    const [provider] = await db.select().from(providers).where(eq(providers.id, result.providerId));
    expect(provider!.portfolio).toEqual([
      { title: "shop-relaunch.example", url: "https://www.shop-relaunch.example/case" },
      { title: "apps.example.org", url: "https://apps.example.org/" },
      { title: "legacy.example.net", url: "http://legacy.example.net/p?id=3" },
    ]);
  });

  it("gives a provider an empty portfolio when the application had no links", async () => {
    const db = getDb();
    const app = await inReview({ portfolioLinks: [] });
    const result = await approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR });
    const [provider] = await db.select().from(providers).where(eq(providers.id, result.providerId));
    expect(provider!.portfolio).toEqual([]);
  });

  it("creates the user, an approved unpublished provider they own, and queues one approval email", async () => {
    const db = getDb();
    const app = await inReview({ companyName: "Quiet Forge" });
    const result = await approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR });
    expect(result).toEqual({ applicationId: app.id, providerId: expect.any(String), providerSlug: "quiet-forge" });

    const [provider] = await db.select().from(providers).where(eq(providers.id, result.providerId));
    expect(provider).toMatchObject({
      name: "Quiet Forge",
      approvalStatus: "APPROVED",
      publicProfile: false,
      publishedAt: null,
      description: app.description,
      specialties: ["DEVELOPMENT", "DATA"],
    });
    const [user] = await db.select().from(users).where(eq(users.email, app.email));
    expect(user!.name).toBe(app.fullName);
    const members = await db.select().from(providerMembers).where(eq(providerMembers.providerId, result.providerId));
    expect(members).toEqual([expect.objectContaining({ userId: user!.id, role: "OWNER", inviteStatus: "ACCEPTED" })]);

    const [updated] = await db.select().from(interestApplications).where(eq(interestApplications.id, app.id));
    expect(updated).toMatchObject({ stage: "APPROVED", providerId: result.providerId, decidedByUserId: null });
    expect(updated!.decidedAt).toBeInstanceOf(Date);

    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, app.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "APPROVAL" });
    // A one-time sign-in link (lib/auth/create-sign-in-link.ts) that lands in the new studio.
    const link = new URL(/https?:\/\/\S+\/signin\/confirm\S+/.exec(emails[0]!.text!)![0]);
    expect(link.searchParams.get("email")).toBe(app.email);
    expect(new URL(link.searchParams.get("callbackUrl")!).pathname).toBe("/studio");
    expect(await db.select().from(verificationTokens).where(eq(verificationTokens.identifier, app.email))).toHaveLength(1);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "application.approved"), eq(auditEvents.targetId, app.id)));
    expect(audit).toHaveLength(1);
  });

  it("names the provider after the applicant without a company, reuses an existing account and records the admin", async () => {
    const db = getDb();
    const admin = await createUser(db, { email: "reviewer@example.com", name: "Reviewer", isAdmin: true, actor: CLI_ACTOR });
    const existing = await createUser(db, { email: "solo@example.com", name: "Solo Person", actor: CLI_ACTOR });
    await db.insert(providers).values({ slug: "solo-person", name: "Taken" });
    const app = await inReview({ email: existing.email, fullName: "Solo Person", companyName: null });
    const actor: Actor = { type: "ADMIN", id: admin.id, label: admin.email };
    const result = await approveApplication(db, { applicationId: app.id, actor });
    expect(result.providerSlug).toBe("solo-person-2");
    const [made] = await db.select().from(providers).where(eq(providers.id, result.providerId));
    expect(made!.name).toBe("Solo Person");
    const members = await db.select().from(providerMembers).where(eq(providerMembers.providerId, result.providerId));
    expect(members[0]!.userId).toBe(existing.id);
    const [updated] = await db.select().from(interestApplications).where(eq(interestApplications.id, app.id));
    expect(updated!.decidedByUserId).toBe(admin.id);
  });

  it("refuses applications that are not in review", async () => {
    const db = getDb();
    const unverified = await inReview({ stage: "AWAITING_VERIFICATION", verifiedAt: null });
    await expect(approveApplication(db, { applicationId: unverified.id, actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("email is not verified yet"),
    });
    const rejected = await inReview({ stage: "REJECTED", rejectionReason: "No" });
    await expect(approveApplication(db, { applicationId: rejected.id, actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already decided"),
    });
    await expect(
      approveApplication(db, { applicationId: "00000000-0000-0000-0000-000000000000", actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(approveApplication(db, { applicationId: "garbage", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("creates one provider and one email when two approvals race", raceTest, async () => {
    const db = getDb();
    const app = await inReview({ companyName: "Race Condition Ltd" });
    const results = await Promise.allSettled([
      approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR }),
      approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already decided") });

    const created = await db.select().from(providers).where(eq(providers.name, "Race Condition Ltd"));
    expect(created).toHaveLength(1);
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, app.email), eq(emailOutbox.kind, "APPROVAL")));
    expect(emails).toHaveLength(1);
  });
});
