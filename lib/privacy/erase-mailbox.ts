import { and, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, interestApplications } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { reviewDisputes, reviewInvitations, reviewReports, reviews } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmails } from "@/lib/email/outbox";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { privacyErasureNoticeEmail } from "./emails";
import { eraseMailboxTraces } from "./erase-mailbox-traces";
import { ofMailbox, type Mailbox } from "./mailbox-hash";

export interface ErasureSummary {
  /** Delivered inquiries erased, by provider: what each provider's notice lists. */
  erasedInquiries: Record<string, string[]>;
  counts: Record<string, number>;
}

/**
 * Erases one mailbox (every spelling of it) in the caller's transaction, as extensions §9 lists:
 * - inquiries: unconfirmed ones deleted; delivered ones lose name, email, company, message and IP
 *   (erased_at set) and keep status and dates, so responsiveness and analytics do not move;
 * - the reviews of those inquiries: WITHDRAWN, their texts and names erased (and the reviewer's
 *   answers to disputes), stats and the listing version refreshed;
 * - interest applications: undecided ones deleted, decided ones keep only stage and decision;
 * - the address on listing and review reports; emails, the local mailbox, audit metadata and earlier
 *   access files (erase-mailbox-traces.ts);
 * - one PRIVACY_ERASURE_NOTICE per provider that held delivered inquiries, to its OWNERs and ADMINs,
 *   listing the inquiry ids.
 * The caller holds the request's row lock, so a mailbox is erased once however many confirm at once.
 * Studio accounts are not touched: their people leave teams and delete accounts in the studio.
 */
export async function eraseMailbox(tx: Db, params: { mailbox: Mailbox; now: Date }): Promise<ErasureSummary> {
  const { mailbox, now } = params;
  const found = await tx
    .select({ id: inquiries.id, providerId: inquiries.providerId, status: inquiries.status })
    .from(inquiries)
    .where(ofMailbox(inquiries.senderEmail, mailbox))
    .orderBy(inquiries.createdAt, inquiries.id)
    .for("update");
  const delivered = found.filter((i) => i.status !== "AWAITING_VERIFICATION");
  const awaiting = found.filter((i) => i.status === "AWAITING_VERIFICATION");

  const withdrawn = delivered.length
    ? await tx
        .update(reviews)
        .set({
          status: "WITHDRAWN",
          title: "",
          body: "",
          reviewerName: "",
          reviewerRole: null,
          reviewerCompany: null,
          incentive: null,
          pendingEdit: null,
          pendingEditPublishAfter: null,
          editTokenHash: null,
          editTokenExpiresAt: null,
          erasedAt: now,
          updatedAt: now,
        })
        .where(inArray(reviews.inquiryId, delivered.map((i) => i.id)))
        .returning({ id: reviews.id, providerId: reviews.providerId })
    : [];
  if (withdrawn.length) {
    await tx
      .update(reviewDisputes)
      .set({ reviewerAnswer: null, answerTokenHash: null })
      .where(and(inArray(reviewDisputes.reviewId, withdrawn.map((r) => r.id)), isNotNull(reviewDisputes.reviewerAnswer)));
    await refreshReviewStats(tx, { now, providerIds: [...new Set(withdrawn.map((r) => r.providerId))] });
  }

  if (delivered.length) {
    // An invitation still open would email the erased sender (a reminder, a link): it ends now.
    await tx
      .update(reviewInvitations)
      .set({ expiresAt: sql`least(coalesce(${reviewInvitations.expiresAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)` })
      .where(and(inArray(reviewInvitations.inquiryId, delivered.map((i) => i.id)), isNull(reviewInvitations.usedAt)));
  }
  if (awaiting.length) await tx.delete(inquiries).where(inArray(inquiries.id, awaiting.map((i) => i.id)));
  if (delivered.length) {
    await tx
      .update(inquiries)
      .set({ senderName: "", senderEmail: "", senderCompany: null, message: "", senderIp: null, erasedAt: now })
      .where(inArray(inquiries.id, delivered.map((i) => i.id)));
    // The provider's copy is gone too: a receiver that stored the sender's details erases them.
    for (const inquiry of delivered) {
      await writeWebhookMessage(tx, { providerId: inquiry.providerId, now, event: { type: "inquiry.erased", data: { inquiry: { id: inquiry.id } } } });
    }
  }

  const application = ofMailbox(interestApplications.email, mailbox);
  const undecided = await tx
    .delete(interestApplications)
    .where(and(application, inArray(interestApplications.stage, ["AWAITING_VERIFICATION", "IN_REVIEW"])))
    .returning({ id: interestApplications.id });
  const decided = await tx
    .update(interestApplications)
    .set({
      fullName: "",
      email: "",
      companyName: null,
      description: "",
      specialties: sql`'{}'::specialty[]`,
      portfolioLinks: [],
      referralSource: null,
    })
    .where(and(application, ne(interestApplications.stage, "AWAITING_VERIFICATION")))
    .returning({ id: interestApplications.id });

  const listing = await tx
    .update(listingReports)
    .set({ reporterEmail: null })
    .where(ofMailbox(listingReports.reporterEmail, mailbox))
    .returning({ id: listingReports.id });
  const reviewReported = await tx
    .update(reviewReports)
    .set({ reporterEmail: null })
    .where(ofMailbox(reviewReports.reporterEmail, mailbox))
    .returning({ id: reviewReports.id });

  const traces = await eraseMailboxTraces(tx, { mailbox });

  const byProvider: Record<string, string[]> = {};
  for (const i of delivered) (byProvider[i.providerId] ??= []).push(i.id);
  const managers = await listManagerEmails(tx, { providerIds: Object.keys(byProvider) });
  const inboxUrl = `${env().APP_URL}/studio/inquiries`;
  await enqueueEmails(
    tx,
    Object.entries(byProvider).flatMap(([providerId, inquiryIds]) =>
      (managers.get(providerId) ?? []).map((to) => ({
        kind: "PRIVACY_ERASURE_NOTICE" as const,
        to,
        message: privacyErasureNoticeEmail({ inboxUrl, inquiryIds }),
      })),
    ),
  );
  return {
    erasedInquiries: byProvider,
    counts: {
      inquiriesErased: delivered.length,
      inquiriesDeleted: awaiting.length,
      reviewsWithdrawn: withdrawn.length,
      applicationsDeleted: undecided.length,
      applicationsErased: decided.length,
      listingReports: listing.length,
      reviewReports: reviewReported.length,
      ...traces,
    },
  };
}
