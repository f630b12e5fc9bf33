import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { AppError } from "@/lib/errors";

/** Operators name providers by slug; domain functions take ids. */
export async function providerBySlug(db: Db, slug: string): Promise<{ id: string; slug: string; name: string }> {
  const [row] = await db
    .select({ id: providers.id, slug: providers.slug, name: providers.name })
    .from(providers)
    .where(eq(providers.slug, slug.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", `No provider has the slug "${slug}".`);
  return row;
}
