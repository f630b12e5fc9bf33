import { and, asc, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { ApprovalStatus, InviteStatus, MemberRole } from "@/db/enums";
import { apiKeys, providerChangeRequests, providerMembers, providers, providerSlugRedirects, users } from "@/db/schema";
import { apiKeyStatus, type ApiKeyStatus } from "@/lib/api-keys/api-key-status";
import { AppError } from "@/lib/errors";
import { activeMember } from "@/lib/provider-core/active-member";

const keyCreator = alias(providerMembers, "key_creator");

export interface ProviderOversight {
  provider: {
    id: string;
    slug: string;
    name: string;
    headline: string;
    approvalStatus: ApprovalStatus;
    approvedAt: Date | null;
    publicProfile: boolean;
    publishedAt: Date | null;
    featured: boolean;
    createdAt: Date;
    updatedAt: Date;
  };
  /** Active members (accepted and invited); removed ones are history. */
  members: {
    id: string;
    role: MemberRole;
    inviteStatus: InviteStatus;
    inviteEmail: string;
    user: { id: string; email: string; name: string | null };
    createdAt: Date;
  }[];
  /** Every key, revoked ones included, by its visible prefix only: hashes never leave the database. */
  apiKeys: {
    id: string;
    name: string;
    prefix: string;
    role: MemberRole;
    createdAt: Date;
    lastUsedAt: Date | null;
    expiresAt: Date | null;
    revokedAt: Date | null;
    status: ApiKeyStatus;
  }[];
  oldSlugs: string[];
  pendingChangeRequests: number;
}

/** One provider as the admin console shows it, by its current slug. */
export async function getProviderOversight(db: Db, params: { slug: string }): Promise<ProviderOversight> {
  const [provider] = await db
    .select({
      id: providers.id,
      slug: providers.slug,
      name: providers.name,
      headline: providers.headline,
      approvalStatus: providers.approvalStatus,
      approvedAt: providers.approvedAt,
      publicProfile: providers.publicProfile,
      publishedAt: providers.publishedAt,
      featured: providers.featured,
      createdAt: providers.createdAt,
      updatedAt: providers.updatedAt,
    })
    .from(providers)
    .where(eq(providers.slug, params.slug))
    .limit(1);
  if (!provider) throw new AppError("NOT_FOUND", "Provider not found.");
  const now = new Date();

  const [members, keys, redirects, [pending]] = await Promise.all([
    db
      .select({
        id: providerMembers.id,
        role: providerMembers.role,
        inviteStatus: providerMembers.inviteStatus,
        inviteEmail: providerMembers.inviteEmail,
        user: { id: users.id, email: users.email, name: users.name },
        createdAt: providerMembers.createdAt,
      })
      .from(providerMembers)
      .innerJoin(users, eq(users.id, providerMembers.userId))
      .where(and(eq(providerMembers.providerId, provider.id), activeMember()))
      .orderBy(asc(providerMembers.createdAt), asc(providerMembers.id)),
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        role: apiKeys.role,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        createdByMemberId: apiKeys.createdByMemberId,
        creatorRevokedAt: keyCreator.revokedAt,
        creatorId: keyCreator.id,
      })
      .from(apiKeys)
      .leftJoin(keyCreator, eq(keyCreator.id, apiKeys.createdByMemberId))
      .where(eq(apiKeys.providerId, provider.id))
      .orderBy(desc(apiKeys.createdAt), asc(apiKeys.id)),
    db
      .select({ oldSlug: providerSlugRedirects.oldSlug })
      .from(providerSlugRedirects)
      .where(eq(providerSlugRedirects.providerId, provider.id))
      .orderBy(desc(providerSlugRedirects.createdAt)),
    db
      .select({ n: count() })
      .from(providerChangeRequests)
      .where(and(eq(providerChangeRequests.providerId, provider.id), eq(providerChangeRequests.status, "PENDING"))),
  ]);
  return {
    provider,
    members,
    apiKeys: keys.map(({ createdByMemberId, creatorRevokedAt, creatorId, ...key }) => ({
      ...key,
      status: apiKeyStatus({ ...key, createdByMemberId }, creatorId !== null && creatorRevokedAt === null, now),
    })),
    oldSlugs: redirects.map((r) => r.oldSlug),
    pendingChangeRequests: pending?.n ?? 0,
  };
}
