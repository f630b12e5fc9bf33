import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providerMembers, providers } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { unchangedBy } from "@/test/support/snapshot";
import { createUser } from "@/lib/users/create-user";
import { createProvider } from "./create-provider";

let counter = 0;
async function owner() {
  counter += 1;
  return createUser(getDb(), { email: `owner${counter}@example.com`, name: `Owner ${counter}`, actor: CLI_ACTOR });
}

describe("createProvider", () => {
  it("creates a pending, unpublished provider with its owner as accepted OWNER", async () => {
    const db = getDb();
    const user = await owner();
    const created = await createProvider(db, { name: "Blue Harbor Design", ownerEmail: user.email.toUpperCase(), actor: CLI_ACTOR });
    expect(created).toMatchObject({ slug: "blue-harbor-design", approvalStatus: "PENDING", publicProfile: false, publishedAt: null });
    const [row] = await db.select().from(providers).where(eq(providers.id, created.id));
    expect(row).toMatchObject({ approvedAt: null, publicProfile: false });
    const members = await db.select().from(providerMembers).where(eq(providerMembers.providerId, created.id));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ userId: user.id, role: "OWNER", inviteStatus: "ACCEPTED", inviteEmail: user.email });
    expect(members[0]!.acceptedAt).toBeInstanceOf(Date);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.providerId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["provider.created"]);
  });

  it("approves and publishes when asked", async () => {
    const db = getDb();
    const user = await owner();
    const created = await createProvider(db, { name: "Live Co", ownerEmail: user.email, approved: true, published: true, actor: CLI_ACTOR });
    const [row] = await db.select().from(providers).where(eq(providers.id, created.id));
    expect(row).toMatchObject({ approvalStatus: "APPROVED", publicProfile: true });
    expect(row!.approvedAt).toBeInstanceOf(Date);
    expect(row!.publishedAt).toBeInstanceOf(Date);
  });

  it("numbers a derived slug that is taken, but refuses a taken explicit slug", async () => {
    const db = getDb();
    const user = await owner();
    const first = await createProvider(db, { name: "Twin Peaks", ownerEmail: user.email, actor: CLI_ACTOR });
    const second = await createProvider(db, { name: "Twin  Peaks!", ownerEmail: user.email, actor: CLI_ACTOR });
    expect([first.slug, second.slug]).toEqual(["twin-peaks", "twin-peaks-2"]);
    await expect(
      createProvider(db, { name: "Other", slug: "twin-peaks", ownerEmail: user.email, actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses a malformed explicit slug", async () => {
    const user = await owner();
    for (const slug of ["Has-Caps", "double--dash", "-lead", "x".repeat(61), ""]) {
      await expect(
        createProvider(getDb(), { name: "Bad", slug, ownerEmail: user.email, actor: CLI_ACTOR }),
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });

  it("refuses an owner email without an account and leaves nothing behind", async () => {
    const db = getDb();
    await expect(
      unchangedBy(db, () => createProvider(db, { name: "Ghost Works", ownerEmail: "ghost@example.com", actor: CLI_ACTOR })),
    ).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    expect(await db.select().from(providers).where(eq(providers.slug, "ghost-works"))).toHaveLength(0);
  });
});
