import { eq } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providerChangeRequests, providers } from "@/db/schema";
import { makeMember, makeProvider, makeProviderWithOwner } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import {
  publishListingAction,
  createChangeRequestAction,
  unpublishListingAction,
  updateListingAction,
  withdrawChangeRequestAction,
} from "./listing";

vi.mock("next/headers", () => import("@/test/support/next-request"));
// revalidatePath needs a running Next.js server; here it is only observed.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

beforeEach(() => vi.mocked(revalidatePath).mockClear());

async function snapshot(providerId: string) {
  const db = getDb();
  const [provider] = await db.select().from(providers).where(eq(providers.id, providerId));
  const requests = await db.select().from(providerChangeRequests).where(eq(providerChangeRequests.providerId, providerId));
  const audit = await db.select().from(auditEvents).where(eq(auditEvents.providerId, providerId));
  return { provider, requests, audit: audit.length };
}

/** An unpublished provider with an OWNER and a MEMBER, and a pending name request to act on. */
async function setUp() {
  const db = getDb();
  const { provider, owner } = await makeProviderWithOwner(db, { publicProfile: false, publishedAt: null });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  const [request] = await db
    .insert(providerChangeRequests)
    .values({ providerId: provider.id, field: "NAME", currentValue: provider.name, requestedValue: "Pending Name" })
    .returning();
  return { provider, owner, member, request: request! };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
const ACTIONS: { name: string; call: (s: Setup) => Promise<{ ok: boolean; code?: string }> }[] = [
  { name: "update", call: () => updateListingAction({ headline: "Changed" }) },
  { name: "publish", call: () => publishListingAction({}) },
  { name: "unpublish", call: () => unpublishListingAction({}) },
  { name: "requestChange", call: () => createChangeRequestAction({ field: "SLUG", value: "new-slug-here" }) },
  { name: "withdrawChange", call: (s) => withdrawChangeRequestAction({ requestId: s.request.id }) },
];

describe.each(ACTIONS)("$name: who may call it", ({ call }) => {
  it("refuses an anonymous caller, changing nothing", async () => {
    const s = await setUp();
    const before = await snapshot(s.provider.id);
    setRequest({});
    expect(await unchangedBy(getDb(), () => call(s))).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await snapshot(s.provider.id)).toEqual(before);
  });

  it("refuses a MEMBER, changing nothing", async () => {
    const s = await setUp();
    const before = await snapshot(s.provider.id);
    await signInAs(getDb(), s.member.user.id);
    expect(await unchangedBy(getDb(), () => call(s))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await snapshot(s.provider.id)).toEqual(before);
  });

  it("refuses a cross-site call from an OWNER, changing nothing", async () => {
    const s = await setUp();
    const before = await snapshot(s.provider.id);
    await signInAs(getDb(), s.owner.user.id, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(await unchangedBy(getDb(), () => call(s))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await snapshot(s.provider.id)).toEqual(before);
    expect(revalidatePath).not.toHaveBeenCalled();
  });
});

describe("updateListingAction", () => {
  it("saves the fields, clears a URL with null, audits and refreshes the studio and public pages", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db, { websiteUrl: "https://old.example" });
    await signInAs(db, owner.user.id);
    const result = await updateListingAction({ headline: "  New headline ", specialties: ["DATA"], websiteUrl: null });
    expect(result).toMatchObject({ ok: true, data: { headline: "New headline", specialties: ["DATA"], websiteUrl: null } });
    expect((await snapshot(provider.id)).provider).toMatchObject({ headline: "New headline", websiteUrl: null });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    expect(audit).toMatchObject([{ action: "listing.updated", actorType: "USER", actorId: owner.user.id }]);
    expect(revalidatePath).toHaveBeenCalledWith("/studio/listing");
    expect(revalidatePath).toHaveBeenCalledWith(`/providers/${provider.slug}`);
  });

  it.each([
    ["name", { name: "Renamed" }],
    ["slug", { slug: "renamed" }],
    ["featured", { featured: true }],
    ["approvalStatus", { approvalStatus: "APPROVED" }],
    ["publicProfile", { publicProfile: true }],
    ["publishedAt", { publishedAt: "2020-01-01T00:00:00Z" }],
  ])("refuses %s (mass assignment) with VALIDATION_FAILED naming it, changing nothing", async (field, extra) => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db, { publicProfile: false, publishedAt: null, approvalStatus: "PENDING" });
    const before = await snapshot(provider.id);
    await signInAs(db, owner.user.id);
    const result = await updateListingAction({ headline: "Sneaky", ...extra } as never);
    expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
    expect(JSON.stringify(result)).toContain(field);
    expect(await snapshot(provider.id)).toEqual(before);
  });

  it("refuses a bad URL and an over-long headline, with a message per field", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const before = await snapshot(provider.id);
    await signInAs(db, owner.user.id);
    const result = await updateListingAction({ headline: "x".repeat(161), logoUrl: "javascript:alert(1)" });
    expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { headline: expect.any(String), logoUrl: expect.any(String) } });
    expect(await snapshot(provider.id)).toEqual(before);
  });

  it("acts on the provider chosen in the cookie, never on another one", async () => {
    const db = getDb();
    const { provider: a, owner } = await makeProviderWithOwner(db, { headline: "A" });
    const b = await makeProvider(db, { headline: "B" });
    await makeMember(db, { provider: b, user: owner.user, role: "OWNER" });
    const c = await makeProvider(db, { headline: "C" });
    await signInAs(db, owner.user.id, { cookies: { studio_provider: b.id } });
    expect(await updateListingAction({ headline: "B changed" })).toMatchObject({ ok: true });
    // A cookie naming a provider the person does not belong to chooses nothing.
    await signInAs(db, owner.user.id, { cookies: { studio_provider: c.id } });
    expect(await updateListingAction({ headline: "C changed" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect((await snapshot(a.id)).provider!.headline).toBe("A");
    expect((await snapshot(b.id)).provider!.headline).toBe("B changed");
    expect((await snapshot(c.id)).provider!.headline).toBe("C");
  });
});

describe("publishListingAction and unpublishListingAction", () => {
  it("refuses to publish without a description, saying why, and publishes once it has one", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db, { description: "", publicProfile: false, publishedAt: null });
    await signInAs(db, owner.user.id);
    expect(await publishListingAction({})).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "A listing needs a description before it can be published. Add it and save, then publish.",
    });
    expect((await snapshot(provider.id)).provider!.publicProfile).toBe(false);
    await updateListingAction({ description: "Now described." });
    expect(await publishListingAction({})).toMatchObject({ ok: true, data: { publicProfile: true } });
    expect(await unpublishListingAction({})).toMatchObject({ ok: true, data: { publicProfile: false } });
    expect(revalidatePath).toHaveBeenCalledWith("/providers");
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    expect(audit.map((a) => a.action)).toEqual(["listing.updated", "listing.published", "listing.unpublished"]);
  });

  it("lets an ADMIN publish", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { publicProfile: false, publishedAt: null });
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    await signInAs(db, admin.user.id);
    expect(await publishListingAction({})).toMatchObject({ ok: true, data: { publicProfile: true } });
  });
});

describe("createChangeRequestAction and withdrawChangeRequestAction", () => {
  it("requests a slug change recording who asked, and withdraws it", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const requested = await createChangeRequestAction({ field: "SLUG", value: "brand-new-slug" });
    expect(requested).toMatchObject({ ok: true, data: { status: "PENDING", requestedValue: "brand-new-slug" } });
    const [row] = (await snapshot(provider.id)).requests;
    expect(row).toMatchObject({ requestedByUserId: owner.user.id, status: "PENDING" });
    expect(await withdrawChangeRequestAction({ requestId: row!.id })).toMatchObject({ ok: true, data: { status: "WITHDRAWN" } });
    expect((await snapshot(provider.id)).provider!.slug).toBe(provider.slug);
  });

  it("maps an invalid slug onto the value field", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const result = await createChangeRequestAction({ field: "SLUG", value: "Bad Slug!" });
    expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { value: expect.stringContaining("lower-case") } });
  });

  it("answers NOT_FOUND for another provider's request, leaving it pending", async () => {
    const db = getDb();
    const s = await setUp();
    const { owner: stranger } = await makeProviderWithOwner(db);
    await signInAs(db, stranger.user.id);
    expect(await withdrawChangeRequestAction({ requestId: s.request.id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await snapshot(s.provider.id)).requests[0]!.status).toBe("PENDING");
  });
});
