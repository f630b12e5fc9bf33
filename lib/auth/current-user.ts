import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { cookies } from "next/headers";
import { cache } from "react";
import { databaseReady } from "@/db";
import { sessions, users } from "@/db/schema";
import { env } from "@/lib/config/env";
import { hashSessionToken } from "./session-token-hashing";

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  /** A platform admin: the user's admin flag (set by the CLI) or an address listed in ADMIN_EMAILS. */
  isAdmin: boolean;
}

/** The cookie Auth.js (next-auth v4) keeps the session token in; "__Secure-" when the site is served over https. */
export function sessionCookieName(): string {
  return `${env().APP_URL.startsWith("https://") ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * The signed-in person for this request, or null. Reads the Auth.js session straight from the
 * database (one indexed join on the hashed token) rather than through getServerSession, which pages,
 * server actions and tests can all call the same way. Cached per request.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = (await cookies()).get(sessionCookieName())?.value;
  if (!token) return null;
  const db = await databaseReady();
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, hashSessionToken(token)), gt(sessions.expires, new Date())))
    .limit(1);
  if (!row) return null;
  return { ...row, isAdmin: row.isAdmin || env().ADMIN_EMAILS.includes(row.email) };
});
