import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

export type InquiryLinkState = "usable" | "expired" | "used" | "invalid";

/** What an inquiry's confirmation link is now, read only: the page shows an expired link's way out at once. */
export async function inquiryLinkState(db: Db, params: { token: string | undefined }): Promise<InquiryLinkState> {
  if (!isWellFormedToken(params.token)) return "invalid";
  const [row] = await db
    .select({ status: inquiries.status, expiresAt: inquiries.tokenExpiresAt })
    .from(inquiries)
    .where(eq(inquiries.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!row) return "invalid";
  if (row.status !== "AWAITING_VERIFICATION") return "used";
  return row.expiresAt.getTime() > Date.now() ? "usable" : "expired";
}
