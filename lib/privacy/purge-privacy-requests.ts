import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { privacyRequests } from "@/db/schema-reviews";
import { PRIVACY_UNCONFIRMED_GRACE_DAYS } from "./privacy-rules";

const DAY_MS = 86_400_000;

/**
 * The privacy requests' retention (maintenance job "privacy-requests"): an access file not downloaded
 * within its PRIVACY_DOWNLOAD_TTL_DAYS is dropped (it quotes the visitor's data), and a request never
 * confirmed goes PRIVACY_UNCONFIRMED_GRACE_DAYS after its link expired (its link answers 410 until
 * then), with its sealed address. Completed requests stay: hashes and dates, the mailbox's own history.
 * Idempotent, and safe beside a concurrent run (each statement is one set-based write).
 */
export async function purgePrivacyRequests(tx: Db, params: { now: Date }): Promise<{ accessFiles: number; unconfirmed: number }> {
  const now = sql`${params.now.toISOString()}::timestamptz`;
  const files = await tx
    .update(privacyRequests)
    .set({ accessPayload: null })
    .where(and(isNotNull(privacyRequests.accessPayload), lte(privacyRequests.downloadExpiresAt, now)))
    .returning({ id: privacyRequests.id });
  const graceEnded = new Date(params.now.getTime() - PRIVACY_UNCONFIRMED_GRACE_DAYS * DAY_MS);
  const unconfirmed = await tx
    .delete(privacyRequests)
    .where(and(isNull(privacyRequests.completedAt), lte(privacyRequests.expiresAt, graceEnded)))
    .returning({ id: privacyRequests.id });
  return { accessFiles: files.length, unconfirmed: unconfirmed.length };
}
