import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApprovalStatus, Specialty } from "@/db/enums";
import { providerMembers, providers, users, type PortfolioItem } from "@/db/schema";
import { AppError, validationError } from "@/lib/errors";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { normaliseEmail } from "@/lib/validation/primitives";
import { isValidSlug, slugify, SLUG_MAX_LENGTH, uniqueSlug } from "./slug";
import { providerNameSchema } from "./provider-name-schema";
import { PORTFOLIO_MAX } from "./profile-facts-schema";

export interface CreatedProvider {
  id: string;
  slug: string;
  name: string;
  approvalStatus: ApprovalStatus;
  publicProfile: boolean;
  publishedAt: Date | null;
  ownerUserId: string;
  ownerMemberId: string;
}

export interface CreateProviderParams {
  name: string;
  ownerEmail: string;
  slug?: string;
  approved?: boolean;
  published?: boolean;
  /** Listing content known at creation (an approved application, the seed). */
  headline?: string;
  description?: string;
  specialties?: Specialty[];
  websiteUrl?: string | null;
  featured?: boolean;
  /** First portfolio items (an approved application's links); at most 12 are kept. */
  portfolio?: PortfolioItem[];
  actor: Actor;
}


// A slug that another transaction may take first: retried with the next free suffix.
const AUTO_SLUG_ATTEMPTS = 5;

/**
 * Creates a provider with its owner (an existing user) as the accepted OWNER member, in one
 * transaction. Without an explicit slug one is derived from the name and made unique.
 */
export async function createProvider(db: Db, params: CreateProviderParams): Promise<CreatedProvider> {
  const parsedName = providerNameSchema.safeParse(params.name);
  if (!parsedName.success) throw validationError(parsedName.error, "provider");
  const name = parsedName.data;
  if (params.slug !== undefined && !isValidSlug(params.slug)) {
    throw new AppError(
      "VALIDATION_FAILED",
      `A slug is lower-case letters and digits in words joined by single dashes, at most ${SLUG_MAX_LENGTH} characters (e.g. "northwind-studio"), and not a reserved word such as "interest" or "verify".`,
      { errors: [{ path: "slug", message: "Invalid slug" }] },
    );
  }
  const ownerEmail = normaliseEmail(params.ownerEmail);

  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.email, ownerEmail)).limit(1);
    if (!owner) throw new AppError("USER_NOT_FOUND", `No user has the email ${ownerEmail}. Create the user first.`);

    const now = new Date();
    const values = {
      name,
      headline: params.headline ?? "",
      description: params.description ?? "",
      specialties: params.specialties ?? [],
      websiteUrl: params.websiteUrl ?? null,
      featured: params.featured ?? false,
      portfolio: (params.portfolio ?? []).slice(0, PORTFOLIO_MAX),
      approvalStatus: params.approved ? ("APPROVED" as const) : ("PENDING" as const),
      approvedAt: params.approved ? now : null,
      publicProfile: params.published ?? false,
      publishedAt: params.published ? now : null,
    };

    let provider: typeof providers.$inferSelect | undefined;
    if (params.slug !== undefined) {
      [provider] = await tx
        .insert(providers)
        .values({ ...values, slug: params.slug })
        .onConflictDoNothing({ target: providers.slug })
        .returning();
      if (!provider) throw new AppError("CONFLICT", `The slug "${params.slug}" is already taken.`);
    } else {
      const base = slugify(name);
      for (let attempt = 0; !provider && attempt < AUTO_SLUG_ATTEMPTS; attempt++) {
        const slug = await uniqueSlug(tx, base);
        [provider] = await tx
          .insert(providers)
          .values({ ...values, slug })
          .onConflictDoNothing({ target: providers.slug })
          .returning();
      }
      if (!provider) throw new AppError("CONFLICT", "Could not find a free slug for that name; give one explicitly.");
    }

    const [member] = await tx
      .insert(providerMembers)
      .values({
        providerId: provider.id,
        userId: owner.id,
        role: "OWNER",
        inviteEmail: owner.email,
        inviteStatus: "ACCEPTED",
        acceptedAt: now,
      })
      .returning({ id: providerMembers.id });

    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "provider.created",
      targetType: "provider",
      targetId: provider.id,
      metadata: {
        slug: provider.slug,
        name,
        ownerEmail: owner.email,
        approvalStatus: provider.approvalStatus,
        publicProfile: provider.publicProfile,
      },
    });

    return {
      id: provider.id,
      slug: provider.slug,
      name: provider.name,
      approvalStatus: provider.approvalStatus,
      publicProfile: provider.publicProfile,
      publishedAt: provider.publishedAt,
      ownerUserId: owner.id,
      ownerMemberId: member!.id,
    };
  });
}
