import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { listingConfirmTokens } from "@/db/schema-freshness";
import type { Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { providerSuspendedError } from "@/lib/provider-core/suspension";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { confirmListing } from "./confirm-listing";

const LINK_ACTOR: Actor = { type: "SYSTEM", id: null, label: "emailed confirm link" };

export interface ConfirmByTokenResult {
  providerName: string;
  slug: string;
  /** The listing was hidden for staleness and is public again. */
  restored: boolean;
}

/**
 * The button of an emailed confirm link: uses the token once (a second press, or a second person with
 * the same email, gets CONFLICT) and confirms the listing in the same transaction. It works without
 * signing in because it can do nothing else. A suspended provider's studio is read-only, so its link
 * is refused and stays unused.
 */
export async function confirmListingByToken(db: Db, params: { token: string | undefined; now: Date }): Promise<ConfirmByTokenResult> {
  if (!isWellFormedToken(params.token)) throw new AppError("TOKEN_INVALID", "The confirm link is incomplete or invalid. Use the link from the email.");
  const tokenHash = hashVerificationToken(params.token);
  return db.transaction(async (tx) => {
    // The row lock makes a concurrent press wait, then find the token used.
    const [used] = await tx
      .update(listingConfirmTokens)
      .set({ usedAt: params.now })
      .where(
        and(
          eq(listingConfirmTokens.tokenHash, tokenHash),
          isNull(listingConfirmTokens.usedAt),
          gt(listingConfirmTokens.expiresAt, params.now),
        ),
      )
      .returning({ providerId: listingConfirmTokens.providerId });
    if (!used) throw await refusal(tx, tokenHash);
    const before = await confirmListingGuard(tx, used.providerId);
    const provider = await confirmListing(tx, { providerId: used.providerId, now: params.now, actor: LINK_ACTOR });
    return { providerName: provider.name, slug: provider.slug, restored: before === "STALE" };
  });
}

async function confirmListingGuard(tx: Db, providerId: string): Promise<string | null> {
  const provider = await lockProvider(tx, providerId);
  if (provider.approvalStatus === "SUSPENDED") throw providerSuspendedError("studio");
  return provider.hiddenReason;
}

/** Why a token did not work: unknown, already used, or expired. */
async function refusal(tx: Db, tokenHash: string): Promise<AppError> {
  const [row] = await tx
    .select({ usedAt: listingConfirmTokens.usedAt })
    .from(listingConfirmTokens)
    .where(eq(listingConfirmTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return new AppError("TOKEN_INVALID", "The confirm link is not one we sent. Use the link from the latest email.");
  if (row.usedAt) return new AppError("CONFLICT", "This confirm link was already used: the details were confirmed then.");
  return new AppError("TOKEN_EXPIRED", "This confirm link has expired. Sign in to the studio to confirm the details there.");
}
