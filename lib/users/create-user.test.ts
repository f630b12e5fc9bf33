import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, users } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { createUser } from "./create-user";

describe("createUser", () => {
  it("stores the email in canonical form and records an audit event", async () => {
    const db = getDb();
    const user = await createUser(db, { email: "  Ada.Lovelace@Example.COM ", name: " Ada ", actor: CLI_ACTOR });
    expect(user).toMatchObject({ email: "ada.lovelace@example.com", name: "Ada", isAdmin: false });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.created"), eq(auditEvents.targetId, user.id)));
    expect(audit).toMatchObject({ actorType: "CLI", actorLabel: "operator CLI", providerId: null });
  });

  it("creates admins when asked", async () => {
    const user = await createUser(getDb(), { email: "root@example.com", name: "Root", isAdmin: true, actor: CLI_ACTOR });
    expect(user.isAdmin).toBe(true);
  });

  it("refuses a second user with the same email in another case", async () => {
    const db = getDb();
    await createUser(db, { email: "dup@example.com", name: "First", actor: CLI_ACTOR });
    await expect(createUser(db, { email: "DUP@example.com", name: "Second", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A user with that email already exists",
    });
    const rows = await db.select().from(users).where(eq(users.email, "dup@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("refuses an invalid email or an empty name", async () => {
    const db = getDb();
    await expect(createUser(db, { email: "not-an-email", name: "X", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ path: "email" }],
    });
    await expect(createUser(db, { email: "blank@example.com", name: "  ", actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ path: "name" }],
    });
  });
});
