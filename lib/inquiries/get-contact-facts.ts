import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerResponsiveness, providers } from "@/db/schema";
import { isPubliclyListed } from "@/lib/providers/public-visibility";
import type { Responsiveness } from "./schemas";
import { serializeResponsiveness } from "./serialize";

export interface ContactFacts {
  acceptingClients: boolean;
  responsiveness: Responsiveness;
}

/** What a profile's contact section needs: one row read, the responsiveness as maintained. Null: not listed. */
export async function getContactFacts(db: Db, params: { slug: string }): Promise<ContactFacts | null> {
  const [row] = await db
    .select({
      acceptingClients: providers.acceptingClients,
      sample: providerResponsiveness.sample,
      responded: providerResponsiveness.responded,
      medianHours: providerResponsiveness.medianHours,
    })
    .from(providers)
    .leftJoin(providerResponsiveness, eq(providerResponsiveness.providerId, providers.id))
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  if (!row) return null;
  const stats = row.sample === null || row.responded === null ? null : { sample: row.sample, responded: row.responded, medianHours: row.medianHours };
  return { acceptingClients: row.acceptingClients, responsiveness: serializeResponsiveness(stats) };
}
