import { and, eq, ne, sql } from "drizzle-orm";
import { confirmedNowColumns } from "@/lib/freshness/confirmed-columns";
import { z } from "zod";
import type { Db } from "@/db/client";
import { AppError, validationError } from "@/lib/errors";
import type { ChangeRequestField, ChangeRequestStatus } from "@/db/enums";
import { providerChangeRequests, providers, providerSlugRedirects, type ProviderChangeRequest } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { deciderUserId } from "@/lib/applications/lock-application-for-decision";
import { writeListingUpdatedEvent, writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { declineNoteSchema } from "@/lib/providers/admin-schemas";
import { providerNameSchema } from "@/lib/providers/provider-name-schema";
import { isValidSlug } from "@/lib/providers/slug";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";

export interface ChangeRequestDecision {
  changeRequestId: string;
  providerId: string;
  field: ChangeRequestField;
  status: "APPROVED" | "DECLINED";
  /** The provider's slug after the decision (the new one after an approved slug change). */
  providerSlug: string;
}

type DecideParams =
  | { changeRequestId: string; decision: "APPROVE"; note?: string; actor: Actor }
  | { changeRequestId: string; decision: "DECLINE"; note: string; actor: Actor };

/**
 * Approves or declines a name or slug change asked for in the studio, in one transaction with its
 * audit row. The request row is locked first, so two admins (or a double click) get one decision;
 * the other is told it was already decided. An approved slug change keeps the old slug as a
 * permanent redirect, and is refused (CONFLICT) if the new slug was taken in the meantime.
 */
export async function decideChangeRequest(db: Db, params: DecideParams): Promise<ChangeRequestDecision> {
  if (!z.guid().safeParse(params.changeRequestId).success) throw notFound();
  if (params.decision === "DECLINE") {
    const parsed = z.object({ note: declineNoteSchema }).safeParse({ note: params.note });
    if (!parsed.success) throw validationError(parsed.error, "decision");
  }
  const note = params.note?.trim() || null;

  return db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, params.changeRequestId);
    const provider = await lockProvider(tx, request.providerId);
    const status = params.decision === "APPROVE" ? "APPROVED" : "DECLINED";
    let providerSlug = provider.slug;

    if (status === "APPROVED") {
      if (request.field === "NAME") {
        const name = providerNameSchema.safeParse(request.requestedValue);
        if (!name.success) throw new AppError("CONFLICT", "The requested name is not a valid provider name.");
        await tx.update(providers).set({ name: name.data, ...confirmedNowColumns(), updatedAt: sql`now()` }).where(eq(providers.id, provider.id));
      } else {
        providerSlug = await changeSlug(tx, provider, request.requestedValue);
      }
      // Name and slug are not in the score: this writes nothing unless the score was due anyway.
      await refreshProviderRanks(tx, { now: new Date(), providerIds: [provider.id] });
      // The change confirms the details, which shows again a listing the freshness clock hid.
      const [after] = await tx.select().from(providers).where(eq(providers.id, provider.id));
      const changedFields = [request.field === "NAME" ? "name" : "slug"];
      await writeListingUpdatedEvent(tx, { providerId: provider.id, slug: providerSlug, changedFields });
      await writeListingVisibilityEvent(tx, { providerId: provider.id, slug: providerSlug, before: provider, after: after!, reason: "STALE" });
    }

    await tx
      .update(providerChangeRequests)
      .set({ status, decidedAt: sql`now()`, decidedByUserId: deciderUserId(params.actor), decisionNote: note })
      .where(eq(providerChangeRequests.id, request.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: status === "APPROVED" ? "change_request.approved" : "change_request.declined",
      targetType: "provider_change_request",
      targetId: request.id,
      metadata: {
        field: request.field,
        from: status === "APPROVED" && request.field === "SLUG" ? provider.slug : request.currentValue,
        to: request.requestedValue,
        ...(note ? { note } : {}),
      },
    });
    return { changeRequestId: request.id, providerId: provider.id, field: request.field, status, providerSlug };
  });
}

async function lockPendingRequest(tx: Db, id: string): Promise<ProviderChangeRequest> {
  const [row] = await tx
    .select()
    .from(providerChangeRequests)
    .where(eq(providerChangeRequests.id, id))
    .for("update")
    .limit(1);
  if (!row) throw notFound();
  if (row.status !== "PENDING") {
    throw new AppError("CONFLICT", `The request is already decided (${describe(row.status)}).`);
  }
  return row;
}

async function changeSlug(tx: Db, provider: { id: string; slug: string }, requested: string): Promise<string> {
  if (!isValidSlug(requested)) throw new AppError("CONFLICT", `"${requested}" is not a valid slug.`);
  if (requested === provider.slug) return provider.slug;
  const [takenByProvider] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.slug, requested), ne(providers.id, provider.id)))
    .limit(1);
  // Another provider's old slug is still its permanent redirect: giving it away would break that promise.
  const [takenByRedirect] = await tx
    .select({ providerId: providerSlugRedirects.providerId })
    .from(providerSlugRedirects)
    .where(and(eq(providerSlugRedirects.oldSlug, requested), ne(providerSlugRedirects.providerId, provider.id)))
    .limit(1);
  if (takenByProvider || takenByRedirect) {
    throw new AppError("CONFLICT", `The slug "${requested}" has been taken since it was requested; decline the request.`);
  }
  // Taking back one of its own old slugs: that slug is now answered directly, not redirected.
  await tx
    .delete(providerSlugRedirects)
    .where(and(eq(providerSlugRedirects.oldSlug, requested), eq(providerSlugRedirects.providerId, provider.id)));
  const [updated] = await tx
    .update(providers)
    .set({ slug: requested, ...confirmedNowColumns(), updatedAt: sql`now()` })
    .where(eq(providers.id, provider.id))
    .returning({ slug: providers.slug })
    .catch((error: unknown) => {
      // A provider created with that slug after the check above (its insert does not take our lock).
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", `The slug "${requested}" has just been taken.`);
      throw error;
    });
  // Existing redirects already point at the provider by id, so they now lead to the new slug too.
  // The old slug may be a former redirect of another provider that was given to this one: it is this one's now.
  await tx
    .insert(providerSlugRedirects)
    .values({ oldSlug: provider.slug, providerId: provider.id })
    .onConflictDoUpdate({ target: providerSlugRedirects.oldSlug, set: { providerId: provider.id, createdAt: sql`now()` } });
  return updated!.slug;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function describe(status: ChangeRequestStatus): string {
  return status === "WITHDRAWN" ? "withdrawn by the provider" : status.toLowerCase();
}

function notFound(): AppError {
  return new AppError("NOT_FOUND", "Change request not found.");
}
