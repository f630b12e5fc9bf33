import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ChangeRequestField, ChangeRequestStatus } from "@/db/enums";
import { providerChangeRequests, providers, providerSlugRedirects, type ProviderChangeRequest } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError, validationError } from "@/lib/errors";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { changeRequestSchema, type ChangeRequestInput } from "./change-request-schema";

/** A name or slug change request as the studio shows it. */
export interface ChangeRequest {
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

export function toChangeRequest(row: ProviderChangeRequest): ChangeRequest {
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
export async function createChangeRequest(
  db: Db,
  params: {
    providerId: string;
    request: ChangeRequestInput;
    caller: Caller;
  },
): Promise<ChangeRequest> {
  assertCallerCanWrite(params.caller, { required: true });
  const parsed = changeRequestSchema.safeParse(params.request);
  if (!parsed.success) throw validationError(parsed.error, "request");
  const { field, value } = parsed.data;

  return db.transaction(async (tx) => {
    // Serialises requests of one provider, so two tabs cannot both pass the "already pending" check.
    const provider = await lockProvider(tx, params.providerId);
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
      // The provider's own old slug may be taken back (decide-change-request then drops its redirect).
      if (redirect && redirect.providerId !== params.providerId) throw fieldConflict(`The slug "${value}" was used before and still forwards old links. Choose another.`);
    }

    const [row] = await tx
      .insert(providerChangeRequests)
      .values({
        providerId: params.providerId,
        field,
        currentValue,
        requestedValue: value,
        requestedByUserId: params.caller.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldConflict(`A ${FIELD_WORD[field]} change is already waiting for an admin.`);

    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "change_request.created",
      targetType: "provider_change_request",
      targetId: row.id,
      metadata: { field, currentValue, requestedValue: value },
    });
    return toChangeRequest(row);
  });
}
