import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { normaliseEmail } from "@/lib/validation/primitives";

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  createdAt: Date;
}

export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

/** The user with this email (compared in its canonical form), or null. */
export async function findUserByEmail(db: Db, params: { email: string }): Promise<UserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(users.email, normaliseEmail(params.email)))
    .limit(1);
  return row ?? null;
}
