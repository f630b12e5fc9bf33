import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, providerChangeRequests } from "@/db/schema";

/** What waits for an admin's decision, for the counts in the admin navigation. Two indexed counts. */
export async function countWaitingDecisions(db: Db): Promise<{ applicationsInReview: number; changeRequestsPending: number }> {
  const [[applications], [changes]] = await Promise.all([
    db.select({ n: count() }).from(interestApplications).where(eq(interestApplications.stage, "IN_REVIEW")),
    db.select({ n: count() }).from(providerChangeRequests).where(eq(providerChangeRequests.status, "PENDING")),
  ]);
  return { applicationsInReview: applications?.n ?? 0, changeRequestsPending: changes?.n ?? 0 };
}
