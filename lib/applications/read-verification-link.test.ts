import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { interestApplications } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { approveApplication } from "./approve-application";
import { insertApplicationRow } from "./insert-application-row";
import { readVerificationLink } from "./read-verification-link";
import { STATUS_VISIBLE_DAYS_AFTER_DECISION } from "./status-visibility";
import { verifyApplication } from "./verify-application";

let n = 0;
const DAY = 86_400_000;

/** An application whose link is known: `expiresIn` ms from now (negative: already expired). */
async function linkedApplication(email: string, companyName: string | null, expiresIn = DAY) {
  const token = `StatusLinkForTests_${String(++n).padStart(24, "0")}`;
  const row = await insertApplicationRow(getDb(), {
    fullName: "Ada Status",
    email,
    companyName,
    description: "We build careful software for careful people.",
    tokenHash: hashVerificationToken(token),
    tokenExpiresAt: new Date(Date.now() + expiresIn),
  });
  return { row, token };
}

describe("readVerificationLink: what the holder of a verification link sees", () => {
  it("before confirming, names the application the link confirms: the address and the company", async () => {
    const { token } = await linkedApplication("names@example.com", "Bright Pixel");
    expect(await readVerificationLink(getDb(), { token })).toMatchObject({
      state: "usable",
      application: { email: "names@example.com", companyName: "Bright Pixel", stage: "AWAITING_VERIFICATION", verifiedAt: null },
    });
  });

  it("after confirming, and after the decision, the same link shows the application's status", async () => {
    const db = getDb();
    const { row, token } = await linkedApplication("status@example.com", "Status Works");
    await verifyApplication(db, { token });
    expect(await readVerificationLink(db, { token })).toMatchObject({
      state: "confirmed",
      application: { stage: "IN_REVIEW", companyName: "Status Works", verifiedAt: expect.any(Date), decidedAt: null },
    });
    await approveApplication(db, { applicationId: row.id, actor: CLI_ACTOR });
    expect(await readVerificationLink(db, { token })).toMatchObject({ state: "confirmed", application: { stage: "APPROVED" } });
  });

  it("shows nothing of any application to a wrong, malformed or expired link, nor once the decision is old", async () => {
    const db = getDb();
    await linkedApplication("hidden@example.com", "Hidden Co");
    expect(await readVerificationLink(db, { token: "B".repeat(43) })).toEqual({ state: "invalid" });
    expect(await readVerificationLink(db, { token: "short" })).toEqual({ state: "invalid" });
    expect(await readVerificationLink(db, { token: undefined })).toEqual({ state: "invalid" });

    const expired = await linkedApplication("expired-status@example.com", "Expired Co", -1000);
    expect(await readVerificationLink(db, { token: expired.token })).toEqual({ state: "expired" });

    // A confirmed application's link outlives its 24 hours, until the decision is old.
    const decided = await linkedApplication("old-decision@example.com", "Old Co", -400 * DAY);
    const decidedAt = new Date(Date.now() - 10 * DAY);
    await db
      .update(interestApplications)
      .set({ stage: "REJECTED", verifiedAt: new Date(Date.now() - 11 * DAY), decidedAt, rejectionReason: "Not a fit." })
      .where(eq(interestApplications.id, decided.row.id));
    expect((await readVerificationLink(db, { token: decided.token })).state).toBe("confirmed");
    const later = new Date(decidedAt.getTime() + STATUS_VISIBLE_DAYS_AFTER_DECISION * DAY);
    expect(await readVerificationLink(db, { token: decided.token, now: later })).toEqual({ state: "closed" });
  });

  it("tells the address's owner what else it has: the providers it belongs to and its other undecided applications", async () => {
    const db = getDb();
    const email = "already-owns@example.com";
    const provider = await makeProvider(db, { name: "Bright Pixel" });
    await makeMember(db, { provider, user: await makeUser(db, { email }), role: "OWNER" });
    const earlier = await insertApplicationRow(db, {
      fullName: "Ada Status",
      email,
      companyName: "Bright Pixel Two",
      description: "We build careful software for careful people.",
      stage: "IN_REVIEW",
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    await insertApplicationRow(db, { fullName: "Ada", email, companyName: "Long Rejected", description: "Rejected before, not pending.", stage: "REJECTED" });
    const { token } = await linkedApplication(email, "Bright Pixel Three");

    const link = await readVerificationLink(db, { token });
    expect(link.state === "usable" && link.application.alsoHas).toEqual({
      providers: [{ name: "Bright Pixel", role: "OWNER" }],
      pendingApplications: [{ companyName: "Bright Pixel Two", stage: "IN_REVIEW", createdAt: earlier.createdAt }],
    });

    const fresh = await linkedApplication("fresh-status@example.com", "Fresh Co");
    const freshLink = await readVerificationLink(db, { token: fresh.token });
    expect(freshLink.state === "usable" && freshLink.application.alsoHas).toEqual({ providers: [], pendingApplications: [] });
  });
});
