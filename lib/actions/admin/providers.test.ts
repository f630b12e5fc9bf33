import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, providers } from "@/db/schema";
import { makeProvider, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import { setProviderApprovalAction, setProviderFeaturedAction } from "./providers";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const rowOf = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;
const auditOf = (id: string) => getDb().select().from(auditEvents).where(eq(auditEvents.targetId, id));

async function signInAdmin() {
  const db = getDb();
  const admin = await makeUser(db, { isAdmin: true });
  await signInAs(db, admin.id);
  return admin;
}

describe("setProviderFeaturedAction", () => {
  it("features and unfeatures for an admin, audited as that admin", async () => {
    const admin = await signInAdmin();
    const provider = await makeProvider(getDb());
    expect(await setProviderFeaturedAction({ providerId: provider.id, featured: true })).toMatchObject({
      ok: true,
      data: { featured: true, changed: true },
    });
    expect((await rowOf(provider.id)).featured).toBe(true);
    expect(await setProviderFeaturedAction({ providerId: provider.id, featured: true })).toMatchObject({
      ok: true,
      data: { changed: false },
    });
    expect(await auditOf(provider.id)).toEqual([
      expect.objectContaining({ action: "provider.featured", actorType: "ADMIN", actorId: admin.id }),
    ]);
  });

  it("answers NOT_FOUND to anonymous callers and to a provider's own owner, FORBIDDEN cross-site; nothing changes", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const feature = () => unchangedBy(db, () => setProviderFeaturedAction({ providerId: provider.id, featured: true }));
    setRequest({});
    expect(await feature()).toMatchObject({ code: "NOT_FOUND" });
    await signInAs(db, owner.user.id);
    expect(await feature()).toMatchObject({ code: "NOT_FOUND" });
    const admin = await makeUser(db, { isAdmin: true });
    await signInAs(db, admin.id, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(await feature()).toMatchObject({ code: "FORBIDDEN" });
    expect((await rowOf(provider.id)).featured).toBe(false);
    expect(await auditOf(provider.id)).toEqual([]);
  });
});

describe("setProviderApprovalAction", () => {
  it("suspends with a note and reinstates for an admin", async () => {
    await signInAdmin();
    const provider = await makeProvider(getDb());
    expect(await setProviderApprovalAction({ providerId: provider.id, status: "SUSPENDED", note: "Complaints" })).toMatchObject({
      ok: true,
      data: { approvalStatus: "SUSPENDED", changed: true },
    });
    expect((await rowOf(provider.id)).approvalStatus).toBe("SUSPENDED");
    expect(await setProviderApprovalAction({ providerId: provider.id, status: "APPROVED" })).toMatchObject({
      ok: true,
      data: { approvalStatus: "APPROVED", changed: true },
    });
    const audit = await auditOf(provider.id);
    expect(audit.map((e) => e.action).sort()).toEqual(["provider.reinstated", "provider.suspended"]);
    expect(audit.find((e) => e.action === "provider.suspended")?.metadata).toMatchObject({ note: "Complaints" });
  });

  it("refuses a suspension without a reason, with the reason's own field error, and changes nothing", async () => {
    const db = getDb();
    await signInAdmin();
    const { provider } = await makeProviderWithOwner(db);
    for (const note of [undefined, "", "  "]) {
      const result = await unchangedBy(db, () => setProviderApprovalAction({ providerId: provider.id, status: "SUSPENDED", note: note as string }));
      expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { note: expect.stringContaining("Say why the provider is suspended") } });
    }
    const tooLong = await setProviderApprovalAction({ providerId: provider.id, status: "SUSPENDED", note: "x".repeat(1001) });
    expect(tooLong).toMatchObject({ code: "VALIDATION_FAILED", fieldErrors: { note: "The reason must be at most 1000 characters" } });
  });

  it("emails the reason to the owners, with replies going to the admin who suspended", async () => {
    const db = getDb();
    const admin = await signInAdmin();
    const { provider, owner } = await makeProviderWithOwner(db);
    expect(await setProviderApprovalAction({ providerId: provider.id, status: "SUSPENDED", note: "Fake reviews" })).toMatchObject({ ok: true });
    const [mail, ...more] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.user.email));
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "PROVIDER_SUSPENDED", replyTo: admin.email });
    expect(mail!.text).toContain("> Fake reviews");
  });

  it("refuses an unknown status and a missing provider", async () => {
    await signInAdmin();
    const provider = await makeProvider(getDb());
    expect(await setProviderApprovalAction({ providerId: provider.id, status: "PENDING" as never })).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await setProviderApprovalAction({ providerId: crypto.randomUUID(), status: "SUSPENDED", note: "Spam" })).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("answers NOT_FOUND to anonymous callers and signed-in non-admins, FORBIDDEN cross-site; nothing changes", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const suspend = () => unchangedBy(db, () => setProviderApprovalAction({ providerId: provider.id, status: "SUSPENDED", note: "Spam" }));
    setRequest({});
    expect(await suspend()).toMatchObject({ code: "NOT_FOUND" });
    await signInAs(db, owner.user.id);
    expect(await suspend()).toMatchObject({ code: "NOT_FOUND" });
    const admin = await makeUser(db, { isAdmin: true });
    await signInAs(db, admin.id, { headers: { "sec-fetch-site": "cross-site" } });
    expect(await suspend()).toMatchObject({ code: "FORBIDDEN" });
    expect((await rowOf(provider.id)).approvalStatus).toBe("APPROVED");
    expect(await auditOf(provider.id)).toEqual([]);
  });
});
