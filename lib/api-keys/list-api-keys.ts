import { and, desc, eq, gte, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { apiKeys, providerMembers, users } from "@/db/schema";
import { personColumns, type Person } from "@/lib/users/person";

import { apiKeyStatus, isCreatorOnTeam, keyActingRole, type ApiKeyStatus } from "./api-key-status";

export type { ApiKeyStatus };

export interface ApiKeyListItem {
  id: string;
  name: string;
  prefix: string;
  /** The role the key was made with. */
  role: MemberRole;
  /** The role it acts with now: its creator's current role while they are on the team (docs/decisions/api-keys-and-roles.md). */
  actingRole: MemberRole;
  /** Null for keys made with the operator CLI. */
  createdBy: (Person & { memberId: string; onTeam: boolean }) | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  status: ApiKeyStatus;
}

/** Revoked keys stay listed (as revoked) for this long, so people can see what was switched off. */
export const RECENTLY_REVOKED_DAYS = 30;

/**
 * A provider's keys, newest first: every key that is not revoked (working or not), and keys revoked
 * within RECENTLY_REVOKED_DAYS. Only names, prefixes and dates: nothing here can be used as a key.
 */
export async function listApiKeys(db: Db, params: { providerId: string; now?: Date }): Promise<ApiKeyListItem[]> {
  const now = params.now ?? new Date();
  const revokedSince = new Date(now.getTime() - RECENTLY_REVOKED_DAYS * 86_400_000);
  const creator = alias(providerMembers, "creator");
  const rows = await db
    .select({
      key: {
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        role: apiKeys.role,
        createdByMemberId: apiKeys.createdByMemberId,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      },
      creatorRole: creator.role,
      creatorRevokedAt: creator.revokedAt,
      creatorPerson: personColumns(users),
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdByMemberId))
    .leftJoin(users, eq(users.id, creator.userId))
    .where(
      and(eq(apiKeys.providerId, params.providerId), or(isNull(apiKeys.revokedAt), gte(apiKeys.revokedAt, revokedSince))),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

  return rows.map(({ key, creatorRole, creatorRevokedAt, creatorPerson }) => {
    const creator = { role: creatorRole, revokedAt: creatorRevokedAt };
    const creatorOnTeam = isCreatorOnTeam(creator);
    const createdBy = key.createdByMemberId
      ? { memberId: key.createdByMemberId, name: creatorPerson?.name ?? null, email: creatorPerson?.email ?? "", onTeam: creatorOnTeam }
      : null;
    const status = apiKeyStatus(key, creatorOnTeam, now);
    return {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      role: key.role,
      actingRole: keyActingRole(key.role, creator),
      createdBy,
      createdAt: key.createdAt,
      lastUsedAt: key.lastUsedAt,
      expiresAt: key.expiresAt,
      revokedAt: key.revokedAt,
      status,
    };
  });
}
