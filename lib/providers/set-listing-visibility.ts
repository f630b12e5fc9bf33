import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { toListing, type Listing } from "./serialize";

/** Publishing is idempotent: publishedAt is set only on the false -> true transition. */
export async function publishListing(db: Db, params: { providerId: string; actor: Actor }): Promise<Listing> {
  return setPublished(db, { ...params, publish: true });
}

export async function unpublishListing(db: Db, params: { providerId: string; actor: Actor }): Promise<Listing> {
  return setPublished(db, { ...params, publish: false });
}

async function setPublished(
  db: Db,
  params: { providerId: string; actor: Actor; publish: boolean },
): Promise<Listing> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(providers)
      .where(eq(providers.id, params.providerId))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("NOT_FOUND", "Provider not found.");
    if (current.publicProfile === params.publish) return toListing(current);
    const [row] = await tx
      .update(providers)
      .set(
        params.publish
          ? { publicProfile: true, publishedAt: sql`now()`, updatedAt: sql`now()` }
          : { publicProfile: false, updatedAt: sql`now()` },
      )
      .where(eq(providers.id, params.providerId))
      .returning();
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: params.publish ? "listing.published" : "listing.unpublished",
      targetType: "provider",
      targetId: params.providerId,
    });
    return toListing(row!);
  });
}
