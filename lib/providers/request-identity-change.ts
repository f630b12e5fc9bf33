import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ChangeRequestField, ChangeRequestStatus, MemberRole } from "@/db/enums";
import { providerChangeRequests, providers, providerSlugRedirects, type ProviderChangeRequest } from "@/db/schema";
import { validationError } from "@/lib/api/problem";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { assertCanWrite } from "@/lib/members/roles";
import { identityChangeRequestSchema, type IdentityChangeRequestInput } from "./identity-change-schema";

/** A name or slug change request as the studio shows it. */
export interface IdentityChange {
  id: string;
  field: ChangeRequestField;
  currentValue: string;
  requestedValue: string;
  status: ChangeRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The admin's note on an approval or a refusal. */
  decisionNote: string | null;
}

export function toIdentityChange(row: ProviderChangeRequest): IdentityChange {
  return {
    id: row.id,
    field: row.field,
    currentValue: row.currentValue,
    requestedValue: row.requestedValue,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

const FIELD_WORD: Record<ChangeRequestField, string> = { NAME: "name", SLUG: "slug" };

function fieldConflict(message: string): AppError {
  return new AppError("CONFLICT", message, { errors: [{ path: "value", message }] });
}

/**
 * Asks an admin to change the provider's name or slug. One open request per field: a second one is
 * refused (CONFLICT) rather than silently replacing the first, which an admin may be reviewing.
 * A slug must be free: not another provider's, and not another provider's old slug that still redirects.
 */
export async function requestIdentityChange(
  db: Db,
  params: {
    providerId: string;
    request: IdentityChangeRequestInput;
    actor: Actor;
    actorRole: MemberRole;
    /** The person asking, when it is a person. */
    userId?: string | null;
  },
): Promise<IdentityChange> {
  assertCanWrite(params.actorRole);
  const parsed = identityChangeRequestSchema.safeParse(params.request);
  if (!parsed.success) throw validationError(parsed.error, "request");
  const { field, value } = parsed.data;

  return db.transaction(async (tx) => {
    // Serialises requests of one provider, so two tabs cannot both pass the "already pending" check.
    const [provider] = await tx.select().from(providers).where(eq(providers.id, params.providerId)).for("update").limit(1);
    if (!provider) throw new AppError("NOT_FOUND", "Provider not found.");
    const currentValue = field === "NAME" ? provider.name : provider.slug;
    if (value === currentValue) {
      throw new AppError("VALIDATION_FAILED", `That is already your ${FIELD_WORD[field]}.`, {
        errors: [{ path: "value", message: `That is already your ${FIELD_WORD[field]}.` }],
      });
    }

    const [pending] = await tx
      .select()
      .from(providerChangeRequests)
      .where(
        and(
          eq(providerChangeRequests.providerId, params.providerId),
          eq(providerChangeRequests.field, field),
          eq(providerChangeRequests.status, "PENDING"),
        ),
      )
      .limit(1);
    if (pending) {
      throw fieldConflict(
        `A ${FIELD_WORD[field]} change to "${pending.requestedValue}" is already waiting for an admin. Withdraw it first to ask for another.`,
      );
    }

    if (field === "SLUG") {
      const [taken] = await tx
        .select({ id: providers.id })
        .from(providers)
        .where(and(eq(providers.slug, value), ne(providers.id, params.providerId)))
        .limit(1);
      if (taken) throw fieldConflict(`The slug "${value}" is already taken by another provider.`);
      const [redirect] = await tx
        .select({ providerId: providerSlugRedirects.providerId })
        .from(providerSlugRedirects)
        .where(eq(providerSlugRedirects.oldSlug, value))
        .limit(1);
      // Another provider's old slug keeps forwarding links people saved; giving it out would break them.
      // The provider's own old slug may be taken back (decide-identity-change then drops its redirect).
      if (redirect && redirect.providerId !== params.providerId) throw fieldConflict(`The slug "${value}" was used before and still forwards old links. Choose another.`);
    }

    const [row] = await tx
      .insert(providerChangeRequests)
      .values({
        providerId: params.providerId,
        field,
        currentValue,
        requestedValue: value,
        requestedByUserId: params.userId ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldConflict(`A ${FIELD_WORD[field]} change is already waiting for an admin.`);

    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: "change_request.created",
      targetType: "provider_change_request",
      targetId: row.id,
      metadata: { field, currentValue, requestedValue: value },
    });
    return toIdentityChange(row);
  });
}
