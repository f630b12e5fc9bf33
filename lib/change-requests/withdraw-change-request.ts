import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { providerChangeRequests } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { toChangeRequest, type ChangeRequest } from "./create-change-request";

const isUuid = (value: string) => z.guid().safeParse(value).success;

/** Withdraws the provider's own pending request; a request already decided stays as it was. */
export async function withdrawChangeRequest(
  db: Db,
  params: { providerId: string; requestId: string; caller: Caller },
): Promise<ChangeRequest> {
  assertCallerCanWrite(params.caller, { required: true });
  // Another provider's request is "not found", never "not yours".
  if (!isUuid(params.requestId)) throw new AppError("NOT_FOUND", "Change request not found.");
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(providerChangeRequests)
      .where(and(eq(providerChangeRequests.id, params.requestId), eq(providerChangeRequests.providerId, params.providerId)))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("NOT_FOUND", "Change request not found.");
    if (current.status !== "PENDING") {
      throw new AppError("CONFLICT", `This request was already ${current.status.toLowerCase()}; it can no longer be withdrawn.`);
    }
    const [row] = await tx
      .update(providerChangeRequests)
      .set({ status: "WITHDRAWN", decidedAt: sql`now()` })
      .where(eq(providerChangeRequests.id, current.id))
      .returning();
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "change_request.withdrawn",
      targetType: "provider_change_request",
      targetId: current.id,
      metadata: { field: current.field, requestedValue: current.requestedValue },
    });
    return toChangeRequest(row!);
  });
}
