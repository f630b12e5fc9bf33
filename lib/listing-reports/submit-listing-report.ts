import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { REPORT_REPEAT_WINDOW_DAYS } from "./report-rules";
import { reporterKeyFor } from "./reporter-key";
import type { ListingReportSubmission } from "./schemas";

const HOUR_SECONDS = 3600;

/**
 * Stores a visitor's report that a listing is out of date. 404 for a provider the public cannot see;
 * 400 CAPTCHA_FAILED; REPORT_IP_LIMIT per client per hour (429). A repeat of the same client, provider
 * and category within REPORT_REPEAT_WINDOW_DAYS is answered like a success and changes nothing, not
 * even the hourly count. Exact under concurrency: a transaction-scoped advisory lock on the
 * (client, provider, category) key serialises the check and the insert, and is always taken before the
 * hourly limit's lock, so the two never deadlock.
 */
export async function submitListingReport(
  db: Db,
  params: { slug: string; input: ListingReportSubmission; clientIp: string | null },
): Promise<{ reportId: string | null }> {
  const { input } = params;
  const [provider] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  if (!provider) throw new AppError("NOT_FOUND", "No published provider has this slug.");
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.report });

  const client = params.clientIp ? ipRateLimitSubject(params.clientIp) : "";
  const reporterKey = reporterKeyFor(client);
  const ipLimit = env().REPORT_IP_LIMIT;
  return db.transaction(async (tx) => {
    const repeatKey = `listing-report\n${provider.id}\n${reporterKey}\n${input.category}`;
    // Its own statement, so the check below starts after the lock is held and sees every report
    // the previous holder committed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${repeatKey}, 0))`);
    const [repeat] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.providerId, provider.id),
          eq(listingReports.reporterKey, reporterKey),
          eq(listingReports.category, input.category),
          gt(listingReports.createdAt, sql`now() - make_interval(days => ${REPORT_REPEAT_WINDOW_DAYS})`),
        ),
      )
      .limit(1);
    if (repeat) return { reportId: null };

    if (ipLimit > 0 && params.clientIp) {
      const result = await consumeRateLimit(tx, { scope: "listing-report:ip", subject: client, limit: ipLimit, windowSeconds: HOUR_SECONDS });
      if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
    }
    const [row] = await tx
      .insert(listingReports)
      .values({
        providerId: provider.id,
        category: input.category,
        fields: input.fields ?? [],
        note: input.note ?? null,
        reporterEmail: input.email ?? null,
        reporterKey,
      })
      .returning({ id: listingReports.id });
    return { reportId: row!.id };
  });
}
