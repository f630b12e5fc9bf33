import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole, Specialty } from "@/db/enums";
import { apiKeys, inquiries, providerMembers, providers, users, type Inquiry, type Provider, type User } from "@/db/schema";
import { generateApiKey } from "@/lib/api-keys/key-format";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

// Direct inserts for test set-up: fast, explicit, independent of the code under test.

const unique = () => randomUUID().slice(0, 8);

export async function makeUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const [row] = await db
    .insert(users)
    .values({ email: `user-${unique()}@example.com`, name: "Test User", ...overrides })
    .returning();
  return row!;
}

export async function makeProvider(
  db: Db,
  overrides: Partial<typeof providers.$inferInsert> & { specialties?: Specialty[] } = {},
): Promise<Provider> {
  const id = unique();
  const [row] = await db
    .insert(providers)
    .values({
      slug: `provider-${id}`,
      name: `Provider ${id}`,
      headline: "We build things",
      description: "A provider made by a test.",
      approvalStatus: "APPROVED",
      publicProfile: true,
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeMember(
  db: Db,
  params: { provider: Provider; user?: User; role?: MemberRole; inviteStatus?: "PENDING" | "ACCEPTED"; createdAt?: Date },
) {
  const user = params.user ?? (await makeUser(db));
  const [row] = await db
    .insert(providerMembers)
    .values({
      providerId: params.provider.id,
      userId: user.id,
      role: params.role ?? "MEMBER",
      inviteEmail: user.email,
      inviteStatus: params.inviteStatus ?? "ACCEPTED",
      ...(params.createdAt ? { createdAt: params.createdAt } : {}),
    })
    .returning();
  return { member: row!, user };
}

export async function makeApiKey(
  db: Db,
  params: {
    provider: Provider;
    role?: MemberRole;
    createdByMemberId?: string | null;
    expiresAt?: Date | null;
    revoked?: boolean;
  },
): Promise<{ key: string; id: string }> {
  const generated = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      providerId: params.provider.id,
      name: "test key",
      prefix: generated.prefix,
      keyHash: generated.hash,
      role: params.role ?? "OWNER",
      createdByMemberId: params.createdByMemberId ?? null,
      expiresAt: params.expiresAt ?? null,
      revokedAt: params.revoked ? sql`now()` : null,
    })
    .returning({ id: apiKeys.id });
  return { key: generated.key, id: row!.id };
}

/** A provider with an accepted OWNER and an OWNER key: the usual starting point of a studio test. */
export async function makeProviderWithOwner(db: Db, overrides: Partial<typeof providers.$inferInsert> = {}) {
  const provider = await makeProvider(db, overrides);
  const owner = await makeMember(db, { provider, role: "OWNER" });
  const { key } = await makeApiKey(db, { provider, role: "OWNER", createdByMemberId: owner.member.id });
  return { provider, owner, key };
}

/**
 * An inquiry row written directly, delivered (NEW) unless told otherwise; a delivered one's status
 * changed when it was delivered, as verifyInquiry does. The token is random and thrown away: such an
 * inquiry cannot be confirmed by link (pass tokenHash to make one that can). Real inquiries go through
 * submitInquiry and verifyInquiry.
 */
export async function makeInquiry(
  db: Db,
  values: Pick<typeof inquiries.$inferInsert, "providerId"> & Partial<typeof inquiries.$inferInsert>,
): Promise<Inquiry> {
  const status = values.status ?? "NEW";
  const deliveredAt = status === "AWAITING_VERIFICATION" ? null : (values.deliveredAt ?? new Date());
  const [row] = await db
    .insert(inquiries)
    .values({
      senderName: "Test Sender",
      senderEmail: `sender-${randomBytes(4).toString("hex")}@example.com`,
      message: "We would like a quote for a new website, please.",
      tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
      tokenExpiresAt: new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600 * 1000),
      status,
      deliveredAt,
      statusChangedAt: deliveredAt,
      ...values,
    })
    .returning();
  return row!;
}
