import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema";
import { getDb } from "@/db";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { approveApplication } from "./approve-application";
import { findExistingForEmails } from "./find-existing-for-emails";
import { insertApplicationRow } from "./insert-application-row";
import { listApplicationQueue } from "./list-application-queue";
import { submitInterestApplication } from "./submit-interest-application";

const application = (email: string, companyName: string, stage: "IN_REVIEW" | "AWAITING_VERIFICATION" = "IN_REVIEW") =>
  insertApplicationRow(getDb(), {
    fullName: "Ada Repeat",
    email,
    companyName,
    description: "We build careful software for careful people.",
    specialties: [],
    stage,
    verifiedAt: stage === "IN_REVIEW" ? new Date() : null,
  });

describe("findExistingForEmails and the review queue", () => {
  it("shows, on each card, the providers the email already runs and its other applications; strangers' addresses have none", async () => {
    const db = getDb();
    const first = await application("repeat@example.com", "Quiet Forge");
    await approveApplication(db, { applicationId: first.id, actor: CLI_ACTOR });
    const second = await application("repeat@example.com", "Quiet Forge Again");
    await application("someone-else@example.com", "Other Co");

    const found = await findExistingForEmails(db, { emails: ["repeat@example.com", "nobody@example.com"] });
    expect(found.get("repeat@example.com")!.providers).toEqual([
      { id: expect.any(String), name: "Quiet Forge", slug: "quiet-forge", role: "OWNER" },
    ]);
    expect(found.get("repeat@example.com")!.applications.map((a) => [a.companyName, a.stage])).toEqual([
      ["Quiet Forge", "APPROVED"],
      ["Quiet Forge Again", "IN_REVIEW"],
    ]);
    expect(found.get("nobody@example.com")).toEqual({ providers: [], applications: [] });

    const queue = await listApplicationQueue(db, { stage: "IN_REVIEW" });
    const card = queue.data.find((a) => a.id === second.id)!;
    expect(card.existing.providers.map((p) => p.slug)).toEqual(["quiet-forge"]);
    expect(card.existing.applications.map((a) => a.id)).toEqual([first.id]);
    const stranger = queue.data.find((a) => a.email === "someone-else@example.com")!;
    expect(stranger.existing).toEqual({ providers: [], applications: [] });

    const onlyRepeat = await listApplicationQueue(db, { stage: undefined, email: "repeat@example.com" });
    expect(onlyRepeat.data.map((a) => a.id)).toEqual([first.id, second.id]);
  });
});

describe("applying again", () => {
  const input = (email: string) => ({
    fullName: "Ada Repeat",
    email,
    companyName: "Quiet Forge Two",
    specialties: [],
    description: "We build careful software for careful people.",
    portfolioLinks: [],
    referralSource: undefined,
    turnstileToken: undefined,
  });

  it("tells the address, in the verification email only, what it already has; a new address hears nothing of the kind", async () => {
    const db = getDb();
    const first = await application("runs-one@example.com", "Quiet Forge");
    await approveApplication(db, { applicationId: first.id, actor: CLI_ACTOR });
    await application("runs-one@example.com", "Waiting Co");

    await submitInterestApplication(db, { input: input("runs-one@example.com"), clientIp: null });
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "VERIFICATION"));
    expect(email!.text).toContain("this address already has a place in Provider Registry");
    expect(email!.text).toContain("  Provider (owner): “Quiet Forge”");
    expect(email!.text).toMatch(/  Application in review: submitted \d{4}-\d{2}-\d{2}/);

    await submitInterestApplication(db, { input: input("fresh@example.com"), clientIp: null });
    const [fresh] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "fresh@example.com"));
    expect(fresh!.text).not.toContain("already has");
    expect(fresh!.text).toContain("What happens next");
  });
});
