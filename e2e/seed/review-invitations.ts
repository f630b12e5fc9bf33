import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inquiries, providers } from "../../db/schema";
import { reviewInvitations } from "../../db/schema-reviews";
import { hashVerificationToken } from "../../lib/tokens/verification-token";
import { REVIEW_INVITATION_FIXTURE as F } from "./review-writing";

const DAY_MS = 86_400_000;

/** The review-writing spec's sent invitation: a delivered inquiry 45 days old and its invitation, sent today. */
export async function seedReviewInvitations(db: Db): Promise<void> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.slug, F.providerSlug));
  if (!provider) throw new Error(`no fixture provider ${F.providerSlug}`);
  const now = Date.now();
  const [inquiry] = await db
    .insert(inquiries)
    .values({
      providerId: provider.id,
      senderName: F.senderName,
      senderEmail: F.senderEmail,
      senderCompany: F.senderCompany,
      budget: F.budget,
      message: "We need our booking site rebuilt before the summer season.",
      tokenHash: `unusable:e2e-review-inquiry`,
      tokenExpiresAt: new Date(now - 44 * DAY_MS),
      status: "REPLIED",
      deliveredAt: new Date(now - 45 * DAY_MS),
      statusChangedAt: new Date(now - 44 * DAY_MS),
    })
    .returning({ id: inquiries.id });
  await db.insert(reviewInvitations).values({
    inquiryId: inquiry!.id,
    providerId: provider.id,
    trigger: "CHECKIN",
    tokenHash: hashVerificationToken(F.token),
    sendAt: new Date(now),
    sentAt: new Date(now),
    expiresAt: new Date(now + 90 * DAY_MS),
  });
}
