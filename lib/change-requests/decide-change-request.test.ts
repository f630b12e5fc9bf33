import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { ChangeRequestField } from "@/db/enums";
import { auditEvents, providerChangeRequests, providers, providerSlugRedirects, type Provider } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";
import { makeProvider, makeUser } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { decideChangeRequest } from "./decide-change-request";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";

const actor: Actor = { type: "ADMIN", id: null, label: "admin@example.com" };

async function requestChange(provider: Provider, field: ChangeRequestField, requestedValue: string) {
  const [row] = await getDb()
    .insert(providerChangeRequests)
    .values({
      providerId: provider.id,
      field,
      currentValue: field === "NAME" ? provider.name : provider.slug,
      requestedValue,
    })
    .returning();
  return row!;
}

const requestRow = async (id: string) =>
  (await getDb().select().from(providerChangeRequests).where(eq(providerChangeRequests.id, id)))[0]!;
const providerRow = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;

describe("decideChangeRequest", () => {
  it("approving a name change renames the provider and records the decider and the audit event", async () => {
    const db = getDb();
    const admin = await makeUser(db, { isAdmin: true });
    const provider = await makeProvider(db, { name: "Old Name" });
    const request = await requestChange(provider, "NAME", "New Name");
    const adminActor: Actor = { type: "ADMIN", id: admin.id, label: admin.email };
    const result = await decideChangeRequest(db, { changeRequestId: request.id, decision: "APPROVE", actor: adminActor });
    expect(result).toEqual({
      changeRequestId: request.id,
      providerId: provider.id,
      field: "NAME",
      status: "APPROVED",
      providerSlug: provider.slug,
    });
    expect((await providerRow(provider.id)).name).toBe("New Name");
    expect(await requestRow(request.id)).toMatchObject({ status: "APPROVED", decidedByUserId: admin.id, decisionNote: null });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, request.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "change_request.approved",
        providerId: provider.id,
        metadata: { field: "NAME", from: "Old Name", to: "New Name" },
      }),
    ]);
  });

  it("approving a slug change keeps every old slug as a one-hop redirect to the current one", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "first-slug" });
    await decideChangeRequest(db, {
      changeRequestId: (await requestChange(provider, "SLUG", "second-slug")).id,
      decision: "APPROVE",
      actor,
    });
    const renamed = await providerRow(provider.id);
    expect(renamed.slug).toBe("second-slug");
    await decideChangeRequest(db, {
      changeRequestId: (await requestChange(renamed, "SLUG", "third-slug")).id,
      decision: "APPROVE",
      note: "Matches the new brand",
      actor,
    });
    expect(await getPublicProviderOrRedirect(db, { slug: "first-slug" })).toEqual({ kind: "moved", slug: "third-slug" });
    expect(await getPublicProviderOrRedirect(db, { slug: "second-slug" })).toEqual({ kind: "moved", slug: "third-slug" });
    expect(await getPublicProviderOrRedirect(db, { slug: "third-slug" })).toMatchObject({ kind: "profile" });

    // Taking back its own first slug: answered directly again, and the slug it leaves redirects.
    const third = await providerRow(provider.id);
    await decideChangeRequest(db, {
      changeRequestId: (await requestChange(third, "SLUG", "first-slug")).id,
      decision: "APPROVE",
      actor,
    });
    expect(await getPublicProviderOrRedirect(db, { slug: "first-slug" })).toMatchObject({ kind: "profile" });
    expect(await getPublicProviderOrRedirect(db, { slug: "third-slug" })).toEqual({ kind: "moved", slug: "first-slug" });
    const redirects = await db
      .select({ oldSlug: providerSlugRedirects.oldSlug })
      .from(providerSlugRedirects)
      .where(eq(providerSlugRedirects.providerId, provider.id));
    expect(redirects.map((r) => r.oldSlug).sort()).toEqual(["second-slug", "third-slug"]);
  });

  it("refuses a slug taken meanwhile by another provider or kept as another provider's redirect, changing nothing", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "wants-taken" });
    await makeProvider(db, { slug: "taken-since" });
    const request = await requestChange(provider, "SLUG", "taken-since");
    await expect(
      unchangedBy(db, () => decideChangeRequest(db, { changeRequestId: request.id, decision: "APPROVE", actor })),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("taken") });
    expect((await requestRow(request.id)).status).toBe("PENDING");
    expect((await providerRow(provider.id)).slug).toBe("wants-taken");

    const mover = await makeProvider(db, { slug: "moved-away" });
    await decideChangeRequest(db, { changeRequestId: (await requestChange(mover, "SLUG", "moved-here")).id, decision: "APPROVE", actor });
    const other = await makeProvider(db, { slug: "wants-old-slug" });
    const grab = await requestChange(other, "SLUG", "moved-away");
    await expect(
      unchangedBy(db, () => decideChangeRequest(db, { changeRequestId: grab.id, decision: "APPROVE", actor })),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getPublicProviderOrRedirect(db, { slug: "moved-away" })).toEqual({ kind: "moved", slug: "moved-here" });
    expect(await db.select().from(auditEvents).where(eq(auditEvents.targetId, grab.id))).toEqual([]);
  });

  it("declining requires a note, keeps the provider as it was and records the note", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Keep Me" });
    const request = await requestChange(provider, "NAME", "Rename Me");
    await expect(
      decideChangeRequest(db, { changeRequestId: request.id, decision: "DECLINE", note: "  ", actor }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const result = await decideChangeRequest(db, {
      changeRequestId: request.id,
      decision: "DECLINE",
      note: "Misleading name",
      actor,
    });
    expect(result.status).toBe("DECLINED");
    expect((await providerRow(provider.id)).name).toBe("Keep Me");
    expect(await requestRow(request.id)).toMatchObject({ status: "DECLINED", decisionNote: "Misleading name" });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, request.id), eq(auditEvents.action, "change_request.declined")));
    expect(event!.metadata).toEqual({ field: "NAME", from: "Keep Me", to: "Rename Me", note: "Misleading name" });
  });

  it("tells a second decision that the request was already decided, and changes nothing", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "decided-slug" });
    const request = await requestChange(provider, "SLUG", "decided-slug-new");
    await decideChangeRequest(db, { changeRequestId: request.id, decision: "APPROVE", actor });
    const after = { request: await requestRow(request.id), provider: await providerRow(provider.id) };
    for (const decision of ["APPROVE", "DECLINE"] as const) {
      await expect(
        unchangedBy(db, () => decideChangeRequest(db, { changeRequestId: request.id, decision, note: "Again", actor })),
      ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already decided") });
    }
    expect({ request: await requestRow(request.id), provider: await providerRow(provider.id) }).toEqual(after);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.targetId, request.id))).toHaveLength(1);
  });

  it("lets exactly one of two concurrent decisions win; the other is told it was already decided", raceTest, async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "race-slug" });
    const request = await requestChange(provider, "SLUG", "race-slug-new");
    const results = await Promise.allSettled([
      decideChangeRequest(db, { changeRequestId: request.id, decision: "APPROVE", actor }),
      decideChangeRequest(db, { changeRequestId: request.id, decision: "DECLINE", note: "No", actor }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already decided") });
    expect(await db.select().from(auditEvents).where(eq(auditEvents.targetId, request.id))).toHaveLength(1);
    const redirects = await db.select().from(providerSlugRedirects).where(eq(providerSlugRedirects.providerId, provider.id));
    expect(redirects).toHaveLength((await requestRow(request.id)).status === "APPROVED" ? 1 : 0);
  });

  it("refuses withdrawn requests and unknown ids", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const request = await requestChange(provider, "NAME", "Withdrawn Name");
    await db.update(providerChangeRequests).set({ status: "WITHDRAWN" }).where(eq(providerChangeRequests.id, request.id));
    await expect(decideChangeRequest(db, { changeRequestId: request.id, decision: "APPROVE", actor })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("withdrawn"),
    });
    for (const changeRequestId of [crypto.randomUUID(), "x"]) {
      await expect(decideChangeRequest(db, { changeRequestId, decision: "APPROVE", actor })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
  });
});
