import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, interestApplications, providers } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { raceTest } from "@/test/support/races";
import { approveApplication } from "./approve-application";
import { insertApplicationRow } from "./insert-application-row";
import { rejectApplication } from "./reject-application";

let counter = 0;
function application(stage: "IN_REVIEW" | "AWAITING_VERIFICATION" = "IN_REVIEW") {
  counter += 1;
  return insertApplicationRow(getDb(), {
    fullName: `Rejectee ${counter}`,
    email: `rejectee${counter}@example.com`,
    description: "A description long enough.",
    stage,
  });
}

describe("rejectApplication", () => {
  it("records the trimmed reason, queues a rejection email quoting it and audits", async () => {
    const db = getDb();
    const app = await application();
    const result = await rejectApplication(db, { applicationId: app.id, reason: "  Portfolio links are broken.  ", actor: CLI_ACTOR });
    expect(result).toEqual({ applicationId: app.id, rejectionReason: "Portfolio links are broken." });
    const [row] = await db.select().from(interestApplications).where(eq(interestApplications.id, app.id));
    expect(row).toMatchObject({ stage: "REJECTED", rejectionReason: "Portfolio links are broken.", providerId: null });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, app.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "REJECTION" });
    expect(emails[0]!.text).toContain("Portfolio links are broken.");
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "application.rejected"), eq(auditEvents.targetId, app.id)));
    expect(audit).toHaveLength(1);
  });

  it("requires a reason of 1 to 1000 characters", async () => {
    const db = getDb();
    const app = await application();
    for (const reason of ["   ", "x".repeat(1001)]) {
      await expect(rejectApplication(db, { applicationId: app.id, reason, actor: CLI_ACTOR })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
      });
    }
    const [row] = await db.select().from(interestApplications).where(eq(interestApplications.id, app.id));
    expect(row!.stage).toBe("IN_REVIEW");
  });

  it("refuses unverified and already decided applications", async () => {
    const db = getDb();
    const unverified = await application("AWAITING_VERIFICATION");
    await expect(rejectApplication(db, { applicationId: unverified.id, reason: "No", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("not verified"),
    });
    const approved = await application();
    await approveApplication(db, { applicationId: approved.id, actor: CLI_ACTOR });
    await expect(rejectApplication(db, { applicationId: approved.id, reason: "No", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already decided"),
    });
  });

  it("lets exactly one of a racing approval and rejection win", raceTest, async () => {
    const db = getDb();
    const app = await application();
    const results = await Promise.allSettled([
      rejectApplication(db, { applicationId: app.id, reason: "Not a fit", actor: CLI_ACTOR }),
      approveApplication(db, { applicationId: app.id, actor: CLI_ACTOR }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, app.email));
    expect(emails).toHaveLength(1);
    const [row] = await db.select().from(interestApplications).where(eq(interestApplications.id, app.id));
    const made = await db.select().from(providers).where(eq(providers.slug, `rejectee-${counter}`));
    expect(made).toHaveLength(row!.stage === "APPROVED" ? 1 : 0);
  });
});
