import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { privacyRequests } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { PRIVACY_DOWNLOAD_TTL_DAYS } from "./privacy-rules";

const INVALID = "The download link is incomplete or invalid. Use the link from the email.";
const GONE = `This download link was used already or is older than ${PRIVACY_DOWNLOAD_TTL_DAYS} days. Send a new request for another copy.`;

/**
 * Hands out an access file once: the row is locked, the file read and dropped, and the link spent, in
 * one transaction (two downloads at once: one gets the file, the other 410). 400 TOKEN_INVALID for a
 * token we do not know; 410 TOKEN_EXPIRED once used, erased or past PRIVACY_DOWNLOAD_TTL_DAYS.
 */
export async function downloadAccessFile(
  db: Db,
  params: { token: string | undefined; now?: Date },
): Promise<{ file: Record<string, unknown>; createdAt: Date }> {
  if (!isWellFormedToken(params.token)) throw new AppError("TOKEN_INVALID", INVALID);
  const tokenHash = hashVerificationToken(params.token);
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.downloadTokenHash, tokenHash))
      .for("update")
      .limit(1);
    if (!request) throw new AppError("TOKEN_INVALID", INVALID);
    if (request.downloadedAt || !request.accessPayload || !request.downloadExpiresAt || request.downloadExpiresAt <= now) {
      throw new AppError("TOKEN_EXPIRED", GONE);
    }
    await tx.update(privacyRequests).set({ downloadedAt: now, accessPayload: null }).where(eq(privacyRequests.id, request.id));
    return { file: request.accessPayload as Record<string, unknown>, createdAt: request.createdAt };
  });
}
