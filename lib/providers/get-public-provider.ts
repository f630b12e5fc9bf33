import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "./public-visibility";
import { toPublicProfile, type PublicProfile } from "./serialize";

/** One provider's public profile; absent, unapproved and unpublished providers are all "not found". */
export async function getPublicProvider(db: Db, params: { slug: string }): Promise<PublicProfile> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "No published provider has that slug.");
  return toPublicProfile(row);
}
