import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { interestApplications, type InterestApplication } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * Locks an application row for the rest of the transaction and checks that it awaits a decision.
 * Two admins deciding at once queue on the lock; the second sees the first one's decision and is
 * refused, so an application yields at most one provider and one email.
 */
export async function lockApplicationForDecision(tx: Db, applicationId: string): Promise<InterestApplication> {
  if (!z.guid().safeParse(applicationId).success) throw notFound();
  const [row] = await tx
    .select()
    .from(interestApplications)
    .where(eq(interestApplications.id, applicationId))
    .for("update")
    .limit(1);
  if (!row) throw notFound();
  switch (row.stage) {
    case "IN_REVIEW":
      return row;
    case "AWAITING_VERIFICATION":
      throw new AppError("CONFLICT", "The applicant's email is not verified yet; only applications in review can be decided.");
    case "APPROVED":
    case "REJECTED":
      throw new AppError("CONFLICT", `The application is already decided (${row.stage.toLowerCase()}).`);
  }
}

function notFound(): AppError {
  return new AppError("NOT_FOUND", "Application not found.");
}

/** The person recorded as the decision maker: people only; the CLI and the system leave it empty. */
export function deciderUserId(actor: { type: string; id: string | null }): string | null {
  return actor.type === "ADMIN" || actor.type === "USER" ? actor.id : null;
}
