import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApplicationStage } from "@/db/enums";
import { interestApplications } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

export interface VerificationResult {
  success: true;
  message: string;
  status: ApplicationStage;
}

const IN_REVIEW_MESSAGE = "Your email is confirmed and your application is in review. We will email you with the decision.";

/**
 * Confirms the applicant's email. The move into review is one conditional UPDATE, so concurrent
 * verifies of one token move it exactly once; repeating a used token answers the same, changing nothing.
 */
export async function verifyApplication(db: Db, params: { token: string | undefined }): Promise<VerificationResult> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The verification link is incomplete or invalid. Use the link from the email.");
  }
  const tokenHash = hashVerificationToken(params.token);
  const [moved] = await db
    .update(interestApplications)
    .set({ stage: "IN_REVIEW", verifiedAt: sql`now()` })
    .where(
      and(
        eq(interestApplications.tokenHash, tokenHash),
        eq(interestApplications.stage, "AWAITING_VERIFICATION"),
        gt(interestApplications.tokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ stage: interestApplications.stage });
  if (moved) return { success: true, message: IN_REVIEW_MESSAGE, status: "IN_REVIEW" };

  const [application] = await db
    .select({ stage: interestApplications.stage })
    .from(interestApplications)
    .where(eq(interestApplications.tokenHash, tokenHash))
    .limit(1);
  if (!application) {
    throw new AppError("TOKEN_INVALID", "The verification link is invalid. Use the link from the email.");
  }
  if (application.stage === "AWAITING_VERIFICATION") {
    throw new AppError("TOKEN_EXPIRED", `The verification link has expired (links last ${VERIFICATION_TTL_HOURS} hours). Ask for a new link below: your application is kept.`);
  }
  // Already verified: answer as the first time did (for IN_REVIEW, the identical body).
  return {
    success: true,
    message: application.stage === "IN_REVIEW" ? IN_REVIEW_MESSAGE : "Your email is already confirmed.",
    status: application.stage,
  };
}
