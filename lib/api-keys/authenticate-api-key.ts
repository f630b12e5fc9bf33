import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { apiKeys, providerMembers, providers } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { providerSuspendedError } from "@/lib/provider-core/suspension";
import { checkKeyShape, hashApiKey } from "./key-format";
import { apiKeyStatus, isCreatorOnTeam, keyActingRole } from "./api-key-status";

export interface ApiKeyPrincipal {
  kind: "apiKey";
  keyId: string;
  keyPrefix: string;
  providerId: string;
  providerSlug: string;
  role: MemberRole;
}

const REALM = 'Bearer realm="provider-registry"';

function unauthenticated(detail: string, presented: boolean): AppError {
  return new AppError("UNAUTHENTICATED", detail, {
    headers: { "WWW-Authenticate": presented ? `${REALM}, error="invalid_token"` : REALM },
  });
}

// Writing last_used_at on every request would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_SECONDS = 60;

/** Resolves `Authorization: Bearer <key>` to the key's provider and role, or throws 401. */
export async function authenticateApiKey(db: Db, params: { authorization: string | null }): Promise<ApiKeyPrincipal> {
  const header = params.authorization?.trim();
  if (!header) throw unauthenticated("Send your provider API key in the Authorization header: Bearer <API_KEY>.", false);
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated("The Authorization header must have the form: Bearer <API_KEY>.", true);
  const key = match[1]!;
  const shape = checkKeyShape(key);
  if (shape === "malformed") throw unauthenticated("The API key is malformed.", true);
  if (shape === "bad_checksum") throw unauthenticated("The API key is malformed: its checksum does not match.", true);

  const [row] = await db
    .select({
      keyId: apiKeys.id,
      prefix: apiKeys.prefix,
      keyRole: apiKeys.role,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      createdByMemberId: apiKeys.createdByMemberId,
      memberRole: providerMembers.role,
      memberRevokedAt: providerMembers.revokedAt,
      providerId: providers.id,
      providerSlug: providers.slug,
      approvalStatus: providers.approvalStatus,
    })
    .from(apiKeys)
    .innerJoin(providers, eq(providers.id, apiKeys.providerId))
    .leftJoin(providerMembers, eq(providerMembers.id, apiKeys.createdByMemberId))
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .limit(1);

  // The same rule the studio shows a key's state with (api-key-status.ts).
  const creator = { role: row?.memberRole ?? null, revokedAt: row?.memberRevokedAt ?? null };
  const creatorOnTeam = isCreatorOnTeam(creator);
  if (!row || apiKeyStatus(row, creatorOnTeam, new Date()) !== "active") {
    throw unauthenticated("The API key is unknown, revoked or expired.", true);
  }
  // Only a working key learns this. A PENDING provider's keys work: nothing of it is public until approval.
  if (row.approvalStatus === "SUSPENDED") throw providerSuspendedError("api");

  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, row.keyId),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})`),
        ),
      ),
    );

  return {
    kind: "apiKey",
    keyId: row.keyId,
    keyPrefix: row.prefix,
    providerId: row.providerId,
    providerSlug: row.providerSlug,
    role: keyActingRole(row.keyRole, creator),
  };
}
