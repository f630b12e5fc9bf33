// Seeds the review invitations spec's inquiries and runs the invitation sweep once (e2e/seed-fixtures.ts
// calls it). Apart from e2e/seed/review-invitations.ts so the spec, which reads those fixtures, does not
// load the domain (Playwright's loader refuses a JSON import the conflict check makes).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { inquiries, providers } from "../db/schema";
import { sendReviewInvitations } from "../lib/reviews/send-review-invitations";
import { INVITE_SENDERS, REVIEW_INVITATIONS_FIXTURES } from "./seed/review-invitations";

const DAY_MS = 86_400_000;

/** The two inquiries, then one run of the invitation sweep. */
export async function seedReviewInvitations(db: Db, now: Date): Promise<void> {
  const slug = REVIEW_INVITATIONS_FIXTURES.providers[0]!.slug;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.slug, slug));
  for (const sender of Object.values(INVITE_SENDERS)) {
    const deliveredAt = new Date(now.getTime() - sender.deliveredDaysAgo * DAY_MS);
    await db.insert(inquiries).values({
      providerId: provider!.id,
      senderName: sender.name,
      senderEmail: sender.email,
      senderCompany: sender.company,
      budget: "5k-25k",
      message: "We would like a new website for our shop, launching next quarter.",
      status: "REPLIED",
      tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
      tokenExpiresAt: deliveredAt,
      createdAt: deliveredAt,
      deliveredAt,
      statusChangedAt: deliveredAt,
      firstResponseAt: deliveredAt,
    });
  }
  await sendReviewInvitations(db, { now });
}
