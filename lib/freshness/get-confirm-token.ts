import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

export type ConfirmTokenState =
  | { state: "invalid" | "expired" | "used" }
  | { state: "valid"; providerName: string; slug: string; confirmedAt: Date; hidden: boolean; suspended: boolean };

/**
 * What an emailed confirm link would confirm, read only: the confirm page shows it and changes
 * nothing (mail scanners open links); its button posts to confirmListingByToken.
 */
export async function getConfirmToken(db: Db, params: { token: string | undefined; now: Date }): Promise<ConfirmTokenState> {
  if (!isWellFormedToken(params.token)) return { state: "invalid" };
  const [row] = await db
    .select({
      expiresAt: listingConfirmTokens.expiresAt,
      usedAt: listingConfirmTokens.usedAt,
      name: providers.name,
      slug: providers.slug,
      confirmedAt: providers.confirmedAt,
      hiddenReason: providers.hiddenReason,
      approvalStatus: providers.approvalStatus,
    })
    .from(listingConfirmTokens)
    .innerJoin(providers, eq(providers.id, listingConfirmTokens.providerId))
    .where(eq(listingConfirmTokens.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!row) return { state: "invalid" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt.getTime() <= params.now.getTime()) return { state: "expired" };
  return {
    state: "valid",
    providerName: row.name,
    slug: row.slug,
    confirmedAt: row.confirmedAt,
    hidden: row.hiddenReason === "STALE",
    suspended: row.approvalStatus === "SUSPENDED",
  };
}
