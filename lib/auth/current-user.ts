import { eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { databaseReady } from "@/db";
import { users } from "@/db/schema";
import { env } from "@/lib/env";
import { getAuthOptions } from "./options";

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  /** A platform admin: the user's admin flag (set by the CLI) or an address listed in ADMIN_EMAILS. */
  isAdmin: boolean;
}

/** The signed-in person for this request, or null. Cached per request, so layouts and pages share one look-up. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(await getAuthOptions());
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return null;
  const db = await databaseReady();
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, isAdmin: row.isAdmin || env().ADMIN_EMAILS.includes(row.email) };
});
