import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviewReports, reviews } from "@/db/schema-reviews";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import type { ReviewReportSubmission } from "./report-schemas";
import { REVIEW_REPORTS_PER_IP_PER_HOUR } from "./review-rules";

const HOUR_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A hash of the client's address (IPv4, or the IPv6 /64): one report per client per review, never the address. */
function reviewReporterKey(clientSubject: string): string {
  return createHash("sha256").update(`review-report\n${clientSubject}`, "utf8").digest("hex");
}

function noPublishedReview(): AppError {
  return new AppError("NOT_FOUND", "No published review has that id.");
}

/**
 * Stores a visitor's report of a published review of a listed provider (extensions §4); reports never
 * hide a review, an admin reads them. 404 for any other review; 400 CAPTCHA_FAILED;
 * REVIEW_REPORTS_PER_IP_PER_HOUR per client (429). A second report of the same review by the same
 * client is answered like a success and changes nothing, not even the hourly count. Exact under
 * concurrency: an advisory lock on (review, client), always taken before the hourly limit's lock.
 */
export async function submitReviewReport(
  db: Db,
  params: { reviewId: string; input: ReviewReportSubmission; clientIp: string | null },
): Promise<{ reportId: string | null }> {
  if (!UUID.test(params.reviewId)) throw noPublishedReview();
  const [review] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(and(eq(reviews.id, params.reviewId), eq(reviews.status, "PUBLISHED"), isPubliclyListed))
    .limit(1);
  if (!review) throw noPublishedReview();
  const { input } = params;
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.report });

  const client = params.clientIp ? ipRateLimitSubject(params.clientIp) : "";
  const reporterKey = reviewReporterKey(client);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`review-report\n${review.id}\n${reporterKey}`}, 0))`);
    const [repeat] = await tx
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, review.id), eq(reviewReports.reporterKey, reporterKey)))
      .limit(1);
    if (repeat) return { reportId: null };
    if (params.clientIp) {
      const limit = await consumeRateLimit(tx, {
        scope: "review-report:ip",
        subject: client,
        limit: REVIEW_REPORTS_PER_IP_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      });
      if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds);
    }
    const [row] = await tx
      .insert(reviewReports)
      .values({ reviewId: review.id, reason: input.reason, note: input.note, reporterEmail: input.email ?? null, reporterKey })
      .returning({ id: reviewReports.id });
    return { reportId: row!.id };
  });
}
