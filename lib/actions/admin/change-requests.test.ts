import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providerChangeRequests, providers, type Provider } from "@/db/schema";
import { makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import { decideChangeRequestAction } from "./change-requests";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

async function requestSlug(provider: Provider, requestedValue: string) {
  const [row] = await getDb()
    .insert(providerChangeRequests)
    .values({ providerId: provider.id, field: "SLUG", currentValue: provider.slug, requestedValue })
    .returning();
  return row!;
}
const requestOf = async (id: string) =>
  (await getDb().select().from(providerChangeRequests).where(eq(providerChangeRequests.id, id)))[0]!;
const slugOf = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!.slug;

async function signInAdmin() {
  const db = getDb();
  const admin = await makeUser(db, { isAdmin: true });
  await signInAs(db, admin.id);
  return admin;
}

describe("decideChangeRequestAction", () => {
  it("approves a slug change for an admin and records who decided", async () => {
    const admin = await signInAdmin();
    const { provider } = await makeProviderWithOwner(getDb(), { slug: "action-slug-old" });
    const request = await requestSlug(provider, "action-slug-new");
    expect(await decideChangeRequestAction({ changeRequestId: request.id, decision: "APPROVE" })).toMatchObject({
      ok: true,
      data: { status: "APPROVED", providerSlug: "action-slug-new" },
    });
    expect(await slugOf(provider.id)).toBe("action-slug-new");
    expect(await requestOf(request.id)).toMatchObject({ status: "APPROVED", decidedByUserId: admin.id });
  });

  it("declining needs a note; a second decision hears it was already decided", async () => {
    await signInAdmin();
    const { provider } = await makeProviderWithOwner(getDb());
    const request = await requestSlug(provider, "declined-slug");
    expect(await decideChangeRequestAction({ changeRequestId: request.id, decision: "DECLINE", note: "" })).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { note: "Say why the request is declined" },
    });
    expect(await decideChangeRequestAction({ changeRequestId: request.id, decision: "DECLINE", note: "Confusing" })).toMatchObject({
      ok: true,
    });
    expect(await decideChangeRequestAction({ changeRequestId: request.id, decision: "APPROVE" })).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "The request is already decided (declined).",
    });
    expect(await slugOf(provider.id)).toBe(provider.slug);
  });

  it("answers NOT_FOUND to anonymous callers and the provider's own owner, FORBIDDEN cross-site; nothing changes", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const request = await requestSlug(provider, "never-applied");
    const input = { changeRequestId: request.id, decision: "APPROVE" as const };
    setRequest({});
    expect(await unchangedBy(db, () => decideChangeRequestAction(input))).toMatchObject({ code: "NOT_FOUND" });
    await signInAs(db, owner.user.id);
    expect(await unchangedBy(db, () => decideChangeRequestAction(input))).toMatchObject({ code: "NOT_FOUND" });
    const admin = await makeUser(db, { isAdmin: true });
    await signInAs(db, admin.id, { headers: { origin: "https://evil.example" } });
    expect(await unchangedBy(db, () => decideChangeRequestAction(input))).toMatchObject({ code: "FORBIDDEN" });
    expect((await requestOf(request.id)).status).toBe("PENDING");
    expect(await slugOf(provider.id)).toBe(provider.slug);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.targetId, request.id))).toEqual([]);
  });
});
