import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerResponsiveness } from "@/db/schema";
import type { Responsiveness } from "./responsiveness-schema";
import { serializeResponsiveness } from "./serialize-responsiveness";

/** A provider's responsiveness as maintained (one row read), or null under 5 inquiries. */
export async function getResponsiveness(db: Db, params: { providerId: string }): Promise<Responsiveness> {
  const [row] = await db
    .select()
    .from(providerResponsiveness)
    .where(eq(providerResponsiveness.providerId, params.providerId))
    .limit(1);
  return serializeResponsiveness(row);
}
