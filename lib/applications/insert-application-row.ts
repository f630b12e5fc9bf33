import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { interestApplications, type InterestApplication } from "@/db/schema";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

type ApplicationValues = typeof interestApplications.$inferInsert;

/**
 * Writes an application row directly, in any stage, for the seed and tests. The token is random and
 * thrown away: such an application cannot be verified by link. Real submissions go through
 * submitInterestApplication.
 */
export async function insertApplicationRow(
  db: Db,
  values: Omit<ApplicationValues, "tokenHash" | "tokenExpiresAt"> & Partial<ApplicationValues>,
): Promise<InterestApplication> {
  const [row] = await db
    .insert(interestApplications)
    .values({
      tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
      tokenExpiresAt: new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600 * 1000),
      ...values,
    })
    .returning();
  return row!;
}
