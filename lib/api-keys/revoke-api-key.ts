import { and, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { apiKeys, providerMembers } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite, canManageRole } from "@/lib/members/roles";
import { keyActingRole } from "./api-key-status";

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
 * A caller with a role on the provider (the studio) is bound by the role rules: MEMBERs revoke nothing
 * and only an OWNER may revoke a key that acts as OWNER; the CLI has no role and may revoke any key.
 */
export async function revokeApiKey(
  db: Db,
  params: { keyId?: string; prefix?: string; providerId?: string; caller: Caller },
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

  assertCallerCanWrite(params.caller);
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
    const callerRole = params.caller.role;
    if (callerRole !== undefined) {
      const keyRole = await actingRole(tx, key);
      if (!canManageRole(callerRole, keyRole)) {
        throw new AppError("FORBIDDEN", "Only an owner may revoke a key that acts as an owner.");
      }
    }
    const base = { id: key.id, providerId: key.providerId, prefix: key.prefix, name: key.name };
    if (key.revokedAt) return { ...base, revokedAt: key.revokedAt, alreadyRevoked: true };

    const [updated] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, key.id))
      .returning({ revokedAt: apiKeys.revokedAt });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: key.providerId,
      action: "api_key.revoked",
      targetType: "api_key",
      targetId: key.id,
      metadata: { prefix: key.prefix, name: key.name },
    });
    return { ...base, revokedAt: updated!.revokedAt!, alreadyRevoked: false };
  });
}

/** The role the key acts with now (api-key-status.ts), reading its creator's member row. */
async function actingRole(tx: Db, key: { role: MemberRole; createdByMemberId: string | null }): Promise<MemberRole> {
  if (!key.createdByMemberId) return key.role;
  const [creator] = await tx
    .select({ role: providerMembers.role, revokedAt: providerMembers.revokedAt })
    .from(providerMembers)
    .where(eq(providerMembers.id, key.createdByMemberId))
    .limit(1);
  return keyActingRole(key.role, creator ?? { role: null, revokedAt: null });
}
