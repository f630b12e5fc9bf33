import type { Db } from "@/db/client";
import type { ActorType } from "@/db/enums";
import { auditEvents } from "@/db/schema";

/** Who made a change: an API key, a signed-in person, an admin or the operator CLI. */
export interface Actor {
  type: ActorType;
  /** Key id, user id, or null for the CLI. */
  id: string | null;
  /** What people see in the trail, e.g. "API key prk_AbCd1234" or an email. */
  label: string;
  requestId?: string;
}

export const CLI_ACTOR: Actor = { type: "CLI", id: null, label: "operator CLI" };

export interface AuditEventParams {
  actor: Actor;
  providerId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  metadata?: Record<string, unknown>;
}

/** Call inside the transaction that makes the change, so the trail and the change commit together. */
export async function recordAuditEvent(tx: Db, params: AuditEventParams): Promise<void> {
  await tx.insert(auditEvents).values({
    providerId: params.providerId,
    actorType: params.actor.type,
    actorId: params.actor.id,
    actorLabel: params.actor.label,
    action: params.action,
    targetType: params.targetType,
    targetId: params.targetId,
    metadata: params.metadata ?? {},
    requestId: params.actor.requestId ?? null,
  });
}
