import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { lockProvider } from "@/lib/provider-core/lock-provider";

export interface ProviderFlagChange {
  providerId: string;
  slug: string;
  /** False when the provider was already in the asked-for state (a double click, or another admin first). */
  changed: boolean;
}

export interface FeaturedChange extends ProviderFlagChange {
  featured: boolean;
}

/** Features or unfeatures a provider (featured providers lead the directory). Idempotent; audited when it changes. */
export async function setProviderFeatured(
  db: Db,
  params: { providerId: string; featured: boolean; actor: Actor },
): Promise<FeaturedChange> {
  if (!z.guid().safeParse(params.providerId).success) throw new AppError("NOT_FOUND", "Provider not found.");
  return db.transaction(async (tx) => {
    const current = await lockProvider(tx, params.providerId);
    const result = { providerId: current.id, slug: current.slug, featured: params.featured };
    if (current.featured === params.featured) return { ...result, changed: false };
    await tx
      .update(providers)
      .set({ featured: params.featured, updatedAt: sql`now()` })
      .where(eq(providers.id, current.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: current.id,
      action: params.featured ? "provider.featured" : "provider.unfeatured",
      targetType: "provider",
      targetId: current.id,
      metadata: { slug: current.slug },
    });
    return { ...result, changed: true };
  });
}
