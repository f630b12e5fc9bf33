import { and, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";

export interface RevokedApiKey {
  id: string;
  providerId: string;
  prefix: string;
  name: string;
  revokedAt: Date;
  /** True when the key had been revoked before this call (nothing changed). */
  alreadyRevoked: boolean;
}

const isGuid = (value: string) => z.guid().safeParse(value).success;

/**
 * Revokes a key by id or by its visible prefix; the key fails on its very next request. Revoking a
 * revoked key changes nothing. With providerId, keys of other providers are "not found".
 */
export async function revokeApiKey(
  db: Db,
  params: { keyId?: string; prefix?: string; providerId?: string; actor: Actor },
): Promise<RevokedApiKey> {
  const notFound = () => new AppError("NOT_FOUND", "API key not found.");
  const conditions: SQL[] = [];
  if (params.keyId !== undefined) {
    if (!isGuid(params.keyId)) throw notFound();
    conditions.push(eq(apiKeys.id, params.keyId));
  } else if (params.prefix !== undefined) {
    conditions.push(eq(apiKeys.prefix, params.prefix));
  } else {
    throw new AppError("VALIDATION_FAILED", "Name the key to revoke by its id or its prefix.");
  }
  if (params.providerId !== undefined) {
    if (!isGuid(params.providerId)) throw notFound();
    conditions.push(eq(apiKeys.providerId, params.providerId));
  }

  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(apiKeys)
      .where(and(...conditions))
      .for("update")
      .limit(2);
    const [key] = rows;
    if (!key) throw notFound();
    if (rows.length > 1) {
      throw new AppError("CONFLICT", `More than one key has the prefix ${params.prefix}; revoke it by id.`);
    }
    const base = { id: key.id, providerId: key.providerId, prefix: key.prefix, name: key.name };
    if (key.revokedAt) return { ...base, revokedAt: key.revokedAt, alreadyRevoked: true };

    const [updated] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, key.id))
      .returning({ revokedAt: apiKeys.revokedAt });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: key.providerId,
      action: "api_key.revoked",
      targetType: "api_key",
      targetId: key.id,
      metadata: { prefix: key.prefix, name: key.name },
    });
    return { ...base, revokedAt: updated!.revokedAt!, alreadyRevoked: false };
  });
}
