import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { inquiryConfirmationEmail, inquiryConfirmUrl } from "@/lib/inquiries/emails";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { incrementInquiryStat } from "@/lib/analytics/increment-inquiry-stat";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { INQUIRY_SENDER_WINDOW_HOURS } from "./inquiry-fields";
import type { InquirySubmission } from "./schemas";

// Limits at submission (docs/decisions/inquiries.md, "Limits"). The contract's
// 5 per sender mailbox and 1 per sender mailbox and provider per 24 h are counted here per sender
// mailbox *and client*, so a stranger elsewhere writing in someone's name cannot use up their
// allowance; what a mailbox really sends is held to the same numbers across every client at delivery
// (verify-inquiry.ts). The hourly cap per mailbox, all clients together, bounds the confirmation
// emails one inbox can be sent; a stranger can hold it for an hour at most.
export const INQUIRIES_PER_SENDER = 5;
export const INQUIRIES_PER_SENDER_AND_PROVIDER = 1;
/** Confirmation emails one mailbox may be sent per hour, from every client together. */
export const UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR = 10;
const SENDER_WINDOW_SECONDS = INQUIRY_SENDER_WINDOW_HOURS * 3600;
const HOUR_SECONDS = 3600;

export const INQUIRY_ACCEPTED_MESSAGE =
  "Thank you. Check your email for a link to confirm your address: your message goes to the provider once it is confirmed.";

/**
 * Stores an inquiry awaiting its sender's confirmation, and the confirmation email, in one transaction.
 * 404 for a provider the public cannot see, 409 NOT_ACCEPTING_CLIENTS; limits (exact under concurrency,
 * the sender counted by mailbox, the client by IP or IPv6 /64): INQUIRY_IP_LIMIT per client per hour,
 * 10 per mailbox per hour, 5 per mailbox and client and 1 per mailbox, client and provider per
 * INQUIRY_SENDER_WINDOW_HOURS. Every refusal is the same neutral 429. A filled honeypot is answered
 * like a success and stores nothing.
 */
export async function submitInquiry(
  db: Db,
  params: { slug: string; input: InquirySubmission; clientIp: string | null },
): Promise<{ inquiryId: string | null }> {
  const { input } = params;
  const [provider] = await db
    .select({ id: providers.id, name: providers.name, acceptingClients: providers.acceptingClients })
    .from(providers)
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  if (!provider) throw new AppError("NOT_FOUND", "No published provider has this slug.");
  if (!provider.acceptingClients) {
    throw new AppError("NOT_ACCEPTING_CLIENTS", "This provider is not taking new clients just now.");
  }
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.inquiry });
  // A bot filled the field people never see: it learns nothing, and nothing is stored or sent.
  if (input.website2) return { inquiryId: null };

  const ipLimit = env().INQUIRY_IP_LIMIT;
  const sender = mailboxKey(input.email);
  // An unknown client (no peer address) is one client of its own.
  const client = params.clientIp ? ipRateLimitSubject(params.clientIp) : "";
  return db.transaction(async (tx) => {
    // Fixed order (client, mailbox, mailbox and client, mailbox, client and provider) so two limits
    // never deadlock each other. A refusal rolls the transaction back: it uses up no other limit.
    const limits = [
      ...(ipLimit > 0 && params.clientIp
        ? [{ scope: "inquiry:ip", subject: client, limit: ipLimit, windowSeconds: HOUR_SECONDS }]
        : []),
      { scope: "inquiry:mailbox", subject: sender, limit: UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR, windowSeconds: HOUR_SECONDS },
      { scope: "inquiry:sender-client", subject: `${sender}\n${client}`, limit: INQUIRIES_PER_SENDER, windowSeconds: SENDER_WINDOW_SECONDS },
      {
        scope: "inquiry:sender-client-provider",
        subject: `${sender}\n${client}\n${provider.id}`,
        limit: INQUIRIES_PER_SENDER_AND_PROVIDER,
        windowSeconds: SENDER_WINDOW_SECONDS,
      },
    ];
    for (const limit of limits) {
      const result = await consumeRateLimit(tx, limit);
      if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
    }

    const token = createVerificationToken();
    const [row] = await tx
      .insert(inquiries)
      .values({
        providerId: provider.id,
        senderName: input.name,
        senderEmail: input.email,
        senderCompany: input.company ?? null,
        budget: input.budget ?? null,
        timeline: input.timeline ?? null,
        message: input.message,
        tokenHash: token.hash,
        tokenExpiresAt: token.expiresAt,
        senderIp: params.clientIp,
      })
      .returning({ id: inquiries.id });
    // The studio's funnel (extensions §7): counted with the inquiry, never for a honeypot (returned above).
    await incrementInquiryStat(tx, { providerId: provider.id, stat: "inquiriesSubmitted" });
    const confirmUrl = inquiryConfirmUrl(token.token);
    await enqueueEmail(tx, {
      kind: "INQUIRY_CONFIRMATION",
      to: input.email,
      message: inquiryConfirmationEmail({
        providerName: provider.name,
        confirmUrl,
        fields: {
          senderName: input.name,
          senderEmail: input.email,
          senderCompany: input.company ?? null,
          budget: input.budget ?? null,
          timeline: input.timeline ?? null,
          message: input.message,
        },
      }),
    });
    return { inquiryId: row!.id };
  });
}
