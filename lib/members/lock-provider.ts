import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers, type Provider } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * Locks the provider row for the rest of the transaction. Every team change takes this lock first,
 * so checks such as "is this the last owner" cannot race with another change to the same team.
 */
export async function lockProvider(tx: Db, providerId: string): Promise<Provider> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, providerId)).for("update").limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Provider not found.");
  return row;
}
