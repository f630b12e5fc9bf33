import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError, validationError } from "@/lib/errors";
import { emailSchema } from "@/lib/validation/primitives";
import { nameSchema } from "@/lib/validation/text";

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  createdAt: Date;
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

const createUserSchema = z.object({
  email: emailSchema,
  name: nameSchema({ label: "Name", max: 200, required: "Enter a name" }),
});

/** Creates a platform user (operator CLI, seed). The email is stored in its canonical form. */
export async function createUser(
  db: Db,
  params: { email: string; name: string; isAdmin?: boolean; actor: Actor },
): Promise<UserRecord> {
  const parsed = createUserSchema.safeParse({ email: params.email, name: params.name });
  if (!parsed.success) throw validationError(parsed.error, "user");
  const { email, name } = parsed.data;
  return db.transaction(async (tx) => {
    // ON CONFLICT rather than a prior look-up: two concurrent creates of one email cannot both win.
    const [user] = await tx
      .insert(users)
      .values({ email, name, isAdmin: params.isAdmin ?? false })
      .onConflictDoNothing({ target: users.email })
      .returning(userColumns);
    if (!user) throw new AppError("CONFLICT", "A user with that email already exists");
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: null,
      action: "user.created",
      targetType: "user",
      targetId: user.id,
      metadata: { email, isAdmin: user.isAdmin },
    });
    return user;
  });
}
