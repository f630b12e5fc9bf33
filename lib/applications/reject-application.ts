import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { interestApplications } from "@/db/schema";
import { validationError } from "@/lib/errors";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { enqueueEmail } from "@/lib/email/outbox";
import { rejectionEmail } from "@/lib/applications/emails";
import { deciderUserId, lockApplicationForDecision } from "./lock-application-for-decision";
import { rejectionReasonSchema } from "./schemas";

export interface RejectedApplication {
  applicationId: string;
  rejectionReason: string;
}

/** Rejects an application in review and queues the rejection email (which quotes the reason). */
export async function rejectApplication(
  db: Db,
  params: { applicationId: string; reason: string; actor: Actor },
): Promise<RejectedApplication> {
  const parsed = z.object({ reason: rejectionReasonSchema }).safeParse({ reason: params.reason });
  if (!parsed.success) throw validationError(parsed.error, "rejection");
  const reason = parsed.data.reason;

  return db.transaction(async (tx) => {
    const application = await lockApplicationForDecision(tx, params.applicationId);
    await tx
      .update(interestApplications)
      .set({
        stage: "REJECTED",
        decidedAt: new Date(),
        decidedByUserId: deciderUserId(params.actor),
        rejectionReason: reason,
      })
      .where(eq(interestApplications.id, application.id));
    await enqueueEmail(tx, {
      kind: "REJECTION",
      to: application.email,
      message: rejectionEmail({ fullName: application.fullName, reason }),
    });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: null,
      action: "application.rejected",
      targetType: "interest_application",
      targetId: application.id,
      metadata: { email: application.email, reason },
    });
    return { applicationId: application.id, rejectionReason: reason };
  });
}
