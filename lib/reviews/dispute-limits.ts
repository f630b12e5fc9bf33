import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewDisputes } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import {
  REVIEW_DISPUTE_SUSPENSION_DAYS,
  REVIEW_DISPUTE_WINDOW_DAYS,
  REVIEW_DISPUTES_OPEN_MAX,
  REVIEW_DISPUTES_PER_WINDOW,
  REVIEW_DISPUTES_REJECTED_TO_SUSPEND,
} from "./review-rules";

const DAY_MS = 86_400_000;

const retryAfter = (until: Date, now: Date) => ({
  headers: { "Retry-After": String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) },
});

/**
 * Until when a provider may not open disputes: REVIEW_DISPUTES_REJECTED_TO_SUSPEND rejected disputes
 * decided within REVIEW_DISPUTE_WINDOW_DAYS of each other suspend it for REVIEW_DISPUTE_SUSPENSION_DAYS
 * from the last of them. Null when it is not suspended at `now`.
 */
export async function disputesSuspendedUntil(db: Db, params: { providerId: string; now: Date }): Promise<Date | null> {
  const since = new Date(params.now.getTime() - (REVIEW_DISPUTE_WINDOW_DAYS + REVIEW_DISPUTE_SUSPENSION_DAYS) * DAY_MS);
  const rows = await db
    .select({ decidedAt: reviewDisputes.decidedAt })
    .from(reviewDisputes)
    .where(
      and(
        eq(reviewDisputes.providerId, params.providerId),
        eq(reviewDisputes.status, "REJECTED"),
        isNotNull(reviewDisputes.decidedAt),
        gt(reviewDisputes.decidedAt, since),
      ),
    )
    .orderBy(asc(reviewDisputes.decidedAt));
  const times = rows.map((r) => r.decidedAt!.getTime());
  let until: number | null = null;
  const k = REVIEW_DISPUTES_REJECTED_TO_SUSPEND;
  for (let i = k - 1; i < times.length; i++) {
    if (times[i]! - times[i - k + 1]! <= REVIEW_DISPUTE_WINDOW_DAYS * DAY_MS) {
      until = Math.max(until ?? 0, times[i]! + REVIEW_DISPUTE_SUSPENSION_DAYS * DAY_MS);
    }
  }
  return until !== null && until > params.now.getTime() ? new Date(until) : null;
}

/**
 * Refuses a new dispute past the limits, read under the provider's lock so they are exact under
 * concurrency: suspended → 403 DISPUTES_SUSPENDED; REVIEW_DISPUTES_OPEN_MAX open, or
 * REVIEW_DISPUTES_PER_WINDOW opened in REVIEW_DISPUTE_WINDOW_DAYS → 429 RATE_LIMITED with Retry-After.
 */
export async function assertDisputeAllowed(tx: Db, params: { providerId: string; now: Date }): Promise<void> {
  const { providerId, now } = params;
  const suspended = await disputesSuspendedUntil(tx, { providerId, now });
  if (suspended) {
    throw new AppError(
      "DISPUTES_SUSPENDED",
      `Too many of your disputes were rejected; you can open disputes again from ${suspended.toISOString().slice(0, 10)}.`,
    );
  }
  const windowStart = new Date(now.getTime() - REVIEW_DISPUTE_WINDOW_DAYS * DAY_MS);
  const recent = await tx
    .select({ status: reviewDisputes.status, createdAt: reviewDisputes.createdAt, dueAt: reviewDisputes.dueAt })
    .from(reviewDisputes)
    .where(and(eq(reviewDisputes.providerId, providerId), gt(reviewDisputes.createdAt, windowStart)))
    .orderBy(asc(reviewDisputes.createdAt));
  // An open dispute older than the window cannot exist: it is decided or expired within 14 days.
  const open = recent.filter((d) => d.status === "OPEN");
  if (open.length >= REVIEW_DISPUTES_OPEN_MAX) {
    const firstDue = open.map((d) => d.dueAt).sort((a, b) => a.getTime() - b.getTime())[0]!;
    throw new AppError(
      "RATE_LIMITED",
      `At most ${REVIEW_DISPUTES_OPEN_MAX} disputes may be open at once; wait until one is decided.`,
      retryAfter(firstDue, now),
    );
  }
  if (recent.length >= REVIEW_DISPUTES_PER_WINDOW) {
    const frees = new Date(recent[recent.length - REVIEW_DISPUTES_PER_WINDOW]!.createdAt.getTime() + REVIEW_DISPUTE_WINDOW_DAYS * DAY_MS);
    throw new AppError(
      "RATE_LIMITED",
      `At most ${REVIEW_DISPUTES_PER_WINDOW} disputes may be opened in ${REVIEW_DISPUTE_WINDOW_DAYS} days.`,
      retryAfter(frees, now),
    );
  }
}
