import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { createVerificationToken } from "@/lib/applications/verification-token";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { inquiryConfirmationEmail } from "@/lib/email/inquiry-templates";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { ipRateLimitSubject } from "@/lib/http/client-ip";
import { isPubliclyListed } from "@/lib/providers/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { INQUIRY_SENDER_WINDOW_HOURS } from "./inquiry-fields";
import type { InquirySubmission } from "./schemas";

export const INQUIRIES_PER_SENDER = 5;
export const INQUIRIES_PER_SENDER_AND_PROVIDER = 1;
const SENDER_WINDOW_SECONDS = INQUIRY_SENDER_WINDOW_HOURS * 3600;
const IP_WINDOW_SECONDS = 3600;

export const INQUIRY_ACCEPTED_MESSAGE =
  "Thank you. Check your email for a link to confirm your address: your message goes to the provider once it is confirmed.";

function rateLimited(retryAfterSeconds: number, detail: string): AppError {
  return new AppError("RATE_LIMITED", detail, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/**
 * Stores an inquiry awaiting its sender's confirmation, and the confirmation email, in one transaction.
 * 404 for a provider the public cannot see, 409 NOT_ACCEPTING_CLIENTS; limits (exact under concurrency,
 * the sender counted by mailbox): INQUIRY_IP_LIMIT per client IP per hour, 5 per sender and 1 per
 * sender and provider per INQUIRY_SENDER_WINDOW_HOURS. A filled honeypot is answered like a success and stores nothing.
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
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp });
  // A bot filled the field people never see: it learns nothing, and nothing is stored or sent.
  if (input.website2) return { inquiryId: null };

  const ipLimit = env().INQUIRY_IP_LIMIT;
  const sender = mailboxKey(input.email);
  return db.transaction(async (tx) => {
    // Fixed order (IP, sender, sender and provider) so two limits never deadlock each other.
    if (ipLimit > 0 && params.clientIp) {
      const ip = await consumeRateLimit(tx, {
        scope: "inquiry:ip",
        subject: ipRateLimitSubject(params.clientIp),
        limit: ipLimit,
        windowSeconds: IP_WINDOW_SECONDS,
      });
      if (!ip.allowed) throw rateLimited(ip.retryAfterSeconds, "Too many messages from your network. Try again later.");
    }
    const perSender = await consumeRateLimit(tx, {
      scope: "inquiry:sender",
      subject: sender,
      limit: INQUIRIES_PER_SENDER,
      windowSeconds: SENDER_WINDOW_SECONDS,
    });
    if (!perSender.allowed) {
      throw rateLimited(
        perSender.retryAfterSeconds,
        `This email address has sent ${INQUIRIES_PER_SENDER} messages in the last ${INQUIRY_SENDER_WINDOW_HOURS} hours. Try again later.`,
      );
    }
    const perProvider = await consumeRateLimit(tx, {
      scope: "inquiry:sender-provider",
      subject: `${provider.id}:${sender}`,
      limit: INQUIRIES_PER_SENDER_AND_PROVIDER,
      windowSeconds: SENDER_WINDOW_SECONDS,
    });
    if (!perProvider.allowed) {
      throw rateLimited(
        perProvider.retryAfterSeconds,
        `This email address has already written to this provider in the last ${INQUIRY_SENDER_WINDOW_HOURS} hours. Try again later.`,
      );
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
    const confirmUrl = `${env().APP_URL}/inquiries/confirm?token=${encodeURIComponent(token.token)}`;
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
