import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { assertCanWrite } from "@/lib/members/roles";
import type { ListingUpdate } from "./schemas";
import { toListing, type Listing } from "./serialize";

/** Applies allowed listing changes; a published listing shows them at once. */
export async function updateListing(
  db: Db,
  params: {
    providerId: string;
    changes: ListingUpdate;
    actor: Actor;
    /** The caller's role when the caller is a person or key of the provider; checked here as well. */
    actorRole?: MemberRole;
  },
): Promise<Listing> {
  if (params.actorRole) assertCanWrite(params.actorRole);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(providers)
      .set({ ...params.changes, updatedAt: sql`now()` })
      .where(eq(providers.id, params.providerId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "Provider not found.");
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: row.id,
      action: "listing.updated",
      targetType: "provider",
      targetId: row.id,
      metadata: { fields: Object.keys(params.changes) },
    });
    return toListing(row);
  });
}
