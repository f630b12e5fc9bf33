import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { hashVerificationToken, isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { inquiryNotificationEmail } from "@/lib/inquiries/emails";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { incrementInquiryStat } from "@/lib/analytics/increment-inquiry-stat";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { listInquiryRecipients } from "./list-inquiry-recipients";
import { refreshResponsiveness } from "./refresh-responsiveness";
import { INQUIRY_HELD_DETAIL } from "./inquiry-fields";
import { INQUIRIES_PER_SENDER, INQUIRIES_PER_SENDER_AND_PROVIDER } from "./submit-inquiry";

export interface InquiryVerificationResult {
  success: true;
  message: string;
  status: "DELIVERED";
}

const DELIVERED_MESSAGE =
  "Your email is confirmed and your message is on its way to the provider. They will answer you by email.";

/** Delivered inquiries one provider may receive per sliding 24 hours, from every sender together. */
export const INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY = 100;
const DAY_SECONDS = 24 * 3600;

/** Thrown inside the delivery transaction to roll it back when a delivery limit holds the inquiry. */
class HeldByLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("held by a delivery limit");
  }
}

/**
 * Confirms the sender's email and delivers the inquiry: the inquiry's row is locked first (so
 * concurrent confirmations deliver it once and count once), then the delivery limits are counted, then
 * one UPDATE, and in that transaction one notification to each accepted OWNER and ADMIN, with the
 * sender as Reply-To. Repeating a used token answers the same, changing nothing.
 *
 * Delivery limits (docs/decisions/inquiries.md, "Limits"), exact under
 * concurrency across every client: 5 deliveries per sender mailbox and 1 per sender mailbox and provider
 * per 24 h (the contract's sender limits, counted where a stranger cannot reach them: only the
 * mailbox's owner can confirm), and INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY per provider. A
 * confirmation over any of them delivers nothing and loses nothing: the inquiry stays unconfirmed, its
 * link is extended to a full day past the moment it may go, and the answer is 429 with Retry-After.
 *
 * Delivery re-checks the provider: one no longer listed (unpublished, suspended) since the inquiry was
 * written gets nothing, and the sender a 404 saying so (the link keeps working for its 24 hours, should
 * the provider be listed again). One that stopped accepting clients still receives it: the sender wrote
 * while it was open and did everything asked, and the team can answer no.
 */
export async function verifyInquiry(db: Db, params: { token: string | undefined }): Promise<InquiryVerificationResult> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The confirmation link is incomplete or invalid. Use the link from the email.");
  }
  const tokenHash = hashVerificationToken(params.token);
  let delivered: boolean;
  try {
    delivered = await db.transaction(async (tx) => {
      const listed = tx.select({ id: providers.id }).from(providers).where(isPubliclyListed);
      const pending = and(
        eq(inquiries.tokenHash, tokenHash),
        eq(inquiries.status, "AWAITING_VERIFICATION"),
        gt(inquiries.tokenExpiresAt, sql`now()`),
        inArray(inquiries.providerId, listed),
      );
      // A concurrent confirmation waits here, then finds the row delivered and counts nothing.
      const [found] = await tx
        .select({ id: inquiries.id, providerId: inquiries.providerId, senderEmail: inquiries.senderEmail })
        .from(inquiries)
        .where(pending)
        .for("update")
        .limit(1);
      if (!found) return false;
      await consumeDeliveryLimits(tx, found);
      const [inquiry] = await tx
        .update(inquiries)
        .set({ status: "NEW", deliveredAt: sql`now()`, statusChangedAt: sql`now()` })
        .where(eq(inquiries.id, found.id))
        .returning();
      const email = inquiryNotificationEmail({
        inboxUrl: `${env().APP_URL}/studio/inquiries/${inquiry!.id}`,
        fields: inquiry!,
      });
      for (const to of await listInquiryRecipients(tx, { providerId: inquiry!.providerId })) {
        await enqueueEmail(tx, { kind: "INQUIRY_NOTIFICATION", to, replyTo: inquiry!.senderEmail, message: email });
      }
      await refreshResponsiveness(tx, { providerId: inquiry!.providerId });
      // Providers never hear of an unconfirmed inquiry: the webhook event is written here, on delivery.
      await writeWebhookMessage(tx, {
        providerId: inquiry!.providerId,
        event: { type: "inquiry.created", data: { inquiry: { id: inquiry!.id, status: inquiry!.status, deliveredAt: inquiry!.deliveredAt?.toISOString() ?? null } } },
      });
      await incrementInquiryStat(tx, { providerId: inquiry!.providerId, stat: "inquiriesDelivered" });
      return true;
    });
  } catch (error) {
    if (!(error instanceof HeldByLimit)) throw error;
    await keepLinkWorking(db, { tokenHash, retryAfterSeconds: error.retryAfterSeconds });
    throw rateLimitedError(error.retryAfterSeconds, INQUIRY_HELD_DETAIL);
  }
  if (delivered) return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };

  const [inquiry] = await db
    .select({ status: inquiries.status, expired: sql<boolean>`${inquiries.tokenExpiresAt} <= now()` })
    .from(inquiries)
    .where(eq(inquiries.tokenHash, tokenHash))
    .limit(1);
  if (!inquiry) throw new AppError("TOKEN_INVALID", "The confirmation link is invalid. Use the link from the email.");
  if (inquiry.status !== "AWAITING_VERIFICATION") {
    // Already delivered: the identical answer, whatever the provider has done with it since.
    return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };
  }
  if (inquiry.expired) {
    throw new AppError(
      "TOKEN_EXPIRED",
      `The confirmation link has expired (links last ${VERIFICATION_TTL_HOURS} hours). Please write again.`,
    );
  }
  throw new AppError(
    "NOT_FOUND",
    "This provider is no longer listed in the directory, so your message was not sent. Nothing more to do.",
  );
}

/**
 * Counts this delivery against the three delivery limits, in one fixed order (provider, sender,
 * sender and provider) so two confirmations never deadlock. Each is checked even after one refuses,
 * so Retry-After is when every one of them allows it; any refusal rolls the whole transaction back.
 */
async function consumeDeliveryLimits(tx: Db, inquiry: { providerId: string; senderEmail: string }): Promise<void> {
  const sender = mailboxKey(inquiry.senderEmail);
  const limits = [
    { scope: "inquiry:delivered-provider", subject: inquiry.providerId, limit: INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY },
    { scope: "inquiry:delivered-sender", subject: sender, limit: INQUIRIES_PER_SENDER },
    {
      scope: "inquiry:delivered-sender-provider",
      subject: `${sender}\n${inquiry.providerId}`,
      limit: INQUIRIES_PER_SENDER_AND_PROVIDER,
    },
  ];
  let wait = 0;
  for (const limit of limits) {
    const result = await consumeRateLimit(tx, { ...limit, windowSeconds: DAY_SECONDS });
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
  }
  if (wait > 0) throw new HeldByLimit(wait);
}

/** A held inquiry's link keeps working for a full link lifetime after it may be delivered. */
async function keepLinkWorking(db: Db, params: { tokenHash: string; retryAfterSeconds: number }): Promise<void> {
  const until = sql`now() + make_interval(secs => ${params.retryAfterSeconds + VERIFICATION_TTL_HOURS * 3600})`;
  await db
    .update(inquiries)
    .set({ tokenExpiresAt: sql`greatest(${inquiries.tokenExpiresAt}, ${until})` })
    .where(and(eq(inquiries.tokenHash, params.tokenHash), eq(inquiries.status, "AWAITING_VERIFICATION")));
}
