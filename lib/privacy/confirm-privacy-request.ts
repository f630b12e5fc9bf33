import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { privacyRequestSeals } from "@/db/schema-privacy";
import { privacyRequests } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { createVerificationToken, hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { buildAccessFile } from "./build-access-file";
import { privacyAccessReadyEmail } from "./emails";
import { eraseMailbox } from "./erase-mailbox";
import { PRIVACY_CONFIRM_TTL_HOURS, PRIVACY_DOWNLOAD_TTL_DAYS } from "./privacy-rules";
import type { PrivacyConfirmResult } from "./schemas";
import { openSealedAddress } from "./seal-address";

const DAY_MS = 86_400_000;
const INVALID = "The confirmation link is incomplete or invalid. Use the link from the email.";

/**
 * Carries out a confirmed privacy request, once: the request's row is locked first, so two confirms
 * at once run it once (the second waits, then finds it completed and answers the same). ACCESS builds
 * the access file, keeps it for PRIVACY_DOWNLOAD_TTL_DAYS behind a one-time link and emails that link
 * to the address that asked (opened from its seal with this token); ERASE erases the mailbox
 * (erase-mailbox.ts). Everything in one transaction. A completed request answers the same 200 again;
 * 400 TOKEN_INVALID for a token we do not know, 410 TOKEN_EXPIRED past PRIVACY_CONFIRM_TTL_HOURS.
 */
export async function confirmPrivacyRequest(
  db: Db,
  params: { token: string | undefined; now?: Date },
): Promise<PrivacyConfirmResult> {
  if (!isWellFormedToken(params.token)) throw new AppError("TOKEN_INVALID", INVALID);
  const token = params.token;
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.tokenHash, hashVerificationToken(token)))
      .for("update")
      .limit(1);
    if (!request) throw new AppError("TOKEN_INVALID", INVALID);
    if (request.completedAt) return { status: "COMPLETED", kind: request.kind };
    if (request.expiresAt <= now) {
      throw new AppError(
        "TOKEN_EXPIRED",
        `The confirmation link has expired (links last ${PRIVACY_CONFIRM_TTL_HOURS} hours). Please send the request again.`,
      );
    }
    const [seal] = await tx.select().from(privacyRequestSeals).where(eq(privacyRequestSeals.requestId, request.id)).limit(1);
    const address = seal ? openSealedAddress(seal.sealedAddress, token) : null;
    if (!address) throw new AppError("TOKEN_INVALID", INVALID);

    if (request.kind === "ERASE") {
      await eraseMailbox(tx, { mailbox: { hash: request.mailboxHash, address }, now });
      await tx.update(privacyRequests).set({ confirmedAt: now, completedAt: now }).where(eq(privacyRequests.id, request.id));
    } else {
      // Marked completed first, so the file lists this request as completed too.
      await tx.update(privacyRequests).set({ confirmedAt: now, completedAt: now }).where(eq(privacyRequests.id, request.id));
      const file = await buildAccessFile(tx, { mailbox: { hash: request.mailboxHash, address }, now });
      const download = createVerificationToken();
      await tx
        .update(privacyRequests)
        .set({
          accessPayload: file,
          downloadTokenHash: download.hash,
          downloadExpiresAt: new Date(now.getTime() + PRIVACY_DOWNLOAD_TTL_DAYS * DAY_MS),
        })
        .where(eq(privacyRequests.id, request.id));
      await enqueueEmail(tx, {
        kind: "PRIVACY_ACCESS_READY",
        to: address,
        message: privacyAccessReadyEmail({
          downloadUrl: `${env().APP_URL}/privacy/download?token=${encodeURIComponent(download.token)}`,
        }),
      });
    }
    await tx.delete(privacyRequestSeals).where(eq(privacyRequestSeals.requestId, request.id));
    return { status: "COMPLETED", kind: request.kind };
  });
}
