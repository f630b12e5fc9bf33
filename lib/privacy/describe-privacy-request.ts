import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { PrivacyRequestKind } from "@/db/enums";
import { privacyRequests } from "@/db/schema-reviews";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

export type PrivacyRequestState = "PENDING" | "COMPLETED" | "EXPIRED";

/**
 * What the confirm page shows before the button: the request's kind and whether it is still to be
 * confirmed. Reads only (opening the link changes nothing); null for a token we do not know.
 */
export async function describePrivacyRequest(
  db: Db,
  params: { token: string | undefined; now?: Date },
): Promise<{ kind: PrivacyRequestKind; state: PrivacyRequestState } | null> {
  if (!isWellFormedToken(params.token)) return null;
  const [request] = await db
    .select({ kind: privacyRequests.kind, expiresAt: privacyRequests.expiresAt, completedAt: privacyRequests.completedAt })
    .from(privacyRequests)
    .where(eq(privacyRequests.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!request) return null;
  const now = params.now ?? new Date();
  const state = request.completedAt ? "COMPLETED" : request.expiresAt <= now ? "EXPIRED" : "PENDING";
  return { kind: request.kind, state };
}
