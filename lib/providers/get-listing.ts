import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { toListing, type Listing } from "./serialize";

/** The provider's own listing, published or not. */
export async function getListing(db: Db, params: { providerId: string }): Promise<Listing> {
  const [row] = await db.select().from(providers).where(eq(providers.id, params.providerId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Provider not found.");
  return toListing(row, await getResponsiveness(db, { providerId: row.id }));
}
