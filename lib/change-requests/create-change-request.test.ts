import { callerAs } from "@/test/support/team-test-kit";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providerChangeRequests, providerSlugRedirects } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { listChangeRequests } from "./list-change-requests";
import { createChangeRequest } from "./create-change-request";
import { withdrawChangeRequest } from "./withdraw-change-request";

const actor = CLI_ACTOR;
const owner = { caller: callerAs(actor, "OWNER" as const) };

async function requestsOf(providerId: string) {
  return getDb().select().from(providerChangeRequests).where(eq(providerChangeRequests.providerId, providerId));
}

async function auditOf(providerId: string) {
  const rows = await getDb().select().from(auditEvents).where(eq(auditEvents.providerId, providerId));
  return rows.map((r) => r.action);
}

describe("createChangeRequest", () => {
  it("records a pending name change with the current name, audited", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Old Name" });
    const request = await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "  New Name  " } });
    expect(request).toMatchObject({ field: "NAME", currentValue: "Old Name", requestedValue: "New Name", status: "PENDING", decidedAt: null });
    expect(await requestsOf(provider.id)).toHaveLength(1);
    expect(await auditOf(provider.id)).toEqual(["change_request.created"]);
  });

  it("records a slug change and leaves the provider's slug alone until an admin decides", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const request = await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "fresh-start" } });
    expect(request).toMatchObject({ field: "SLUG", currentValue: provider.slug, requestedValue: "fresh-start" });
  });

  it.each([
    ["an invalid slug", { field: "SLUG", value: "Not A Slug" }],
    ["a reserved slug", { field: "SLUG", value: "verify" }],
    ["an empty name", { field: "NAME", value: "   " }],
    ["a name over 200 characters", { field: "NAME", value: "x".repeat(201) }],
  ] as const)("refuses %s with VALIDATION_FAILED and stores nothing", async (_, request) => {
    const db = getDb();
    const provider = await makeProvider(db);
    await expect(createChangeRequest(db, { ...owner, providerId: provider.id, request })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [expect.objectContaining({ path: "value" })],
    });
    expect(await requestsOf(provider.id)).toHaveLength(0);
  });

  it("refuses the value the provider already has", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await expect(
      createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: provider.slug } }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", message: "That is already your slug." });
  });

  it("refuses a slug another provider has, or an old slug that still redirects", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const other = await makeProvider(db, { slug: "taken-slug" });
    await db.insert(providerSlugRedirects).values({ oldSlug: "retired-slug", providerId: other.id });
    await expect(
      createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "taken-slug" } }),
    ).rejects.toMatchObject({ code: "CONFLICT", errors: [{ path: "value", message: expect.stringContaining("already taken") }] });
    await expect(
      createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "retired-slug" } }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("forwards old links") });
    expect(await requestsOf(provider.id)).toHaveLength(0);
  });

  it("lets a provider ask for one of its own old slugs back", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await db.insert(providerSlugRedirects).values({ oldSlug: "our-old-slug", providerId: provider.id });
    const request = await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "our-old-slug" } });
    expect(request).toMatchObject({ status: "PENDING", requestedValue: "our-old-slug" });
  });

  it("refuses a second open request for the same field, but allows one per field", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "First" } });
    await expect(
      createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "Second" } }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining('"First" is already waiting') });
    await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "second-field" } });
    const rows = await requestsOf(provider.id);
    expect(rows.map((r) => r.requestedValue).sort()).toEqual(["First", "second-field"]);
  });

  it("lets simultaneous requests for one field create exactly one", raceTest, async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const results = await Promise.allSettled(
      ["A", "B", "C", "D"].map((value) => createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value } })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect(await requestsOf(provider.id)).toHaveLength(1);
  });

  it("refuses a MEMBER and an unknown provider", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await expect(
      createChangeRequest(db, { caller: callerAs(actor, "MEMBER"), providerId: provider.id, request: { field: "NAME", value: "X" } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      createChangeRequest(db, { ...owner, providerId: crypto.randomUUID(), request: { field: "NAME", value: "X" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await requestsOf(provider.id)).toHaveLength(0);
  });
});

describe("withdrawChangeRequest", () => {
  it("withdraws a pending request, audited, after which a new one may be made", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const request = await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "First" } });
    const withdrawn = await withdrawChangeRequest(db, { ...owner, providerId: provider.id, requestId: request.id });
    expect(withdrawn.status).toBe("WITHDRAWN");
    expect(withdrawn.decidedAt).not.toBeNull();
    await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "Second" } });
    expect(await auditOf(provider.id)).toEqual(["change_request.created", "change_request.withdrawn", "change_request.created"]);
  });

  it("answers NOT_FOUND for another provider's request or a malformed id, and changes nothing", async () => {
    const db = getDb();
    const mine = await makeProvider(db);
    const theirs = await makeProvider(db);
    const request = await createChangeRequest(db, { ...owner, providerId: theirs.id, request: { field: "NAME", value: "Theirs" } });
    for (const requestId of [request.id, "not-a-uuid", crypto.randomUUID()]) {
      await expect(unchangedBy(db, () => withdrawChangeRequest(db, { ...owner, providerId: mine.id, requestId }))).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    const [row] = await requestsOf(theirs.id);
    expect(row!.status).toBe("PENDING");
  });

  it("refuses a request that is no longer pending, and a MEMBER", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const request = await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "NAME", value: "X" } });
    await expect(
      withdrawChangeRequest(db, { caller: callerAs(actor, "MEMBER"), providerId: provider.id, requestId: request.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await db
      .update(providerChangeRequests)
      .set({ status: "DECLINED", decidedAt: new Date(), decisionNote: "No" })
      .where(eq(providerChangeRequests.id, request.id));
    await expect(withdrawChangeRequest(db, { ...owner, providerId: provider.id, requestId: request.id })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const [row] = await requestsOf(provider.id);
    expect(row!.status).toBe("DECLINED");
  });
});

describe("listChangeRequests", () => {
  it("lists open requests and the latest closed ones with the admin's note, only the provider's own", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Listed" });
    const other = await makeProvider(db);
    await createChangeRequest(db, { ...owner, providerId: other.id, request: { field: "NAME", value: "Elsewhere" } });
    const base = { providerId: provider.id, field: "NAME" as const, currentValue: "Listed" };
    await db.insert(providerChangeRequests).values([
      { ...base, requestedValue: "Old one", status: "DECLINED", decidedAt: new Date("2026-01-01T00:00:00Z"), decisionNote: "Too vague" },
      { ...base, requestedValue: "Newer one", status: "APPROVED", decidedAt: new Date("2026-02-01T00:00:00Z"), decisionNote: "Fine" },
      { ...base, requestedValue: "Gave up", status: "WITHDRAWN", decidedAt: new Date("2026-01-15T00:00:00Z") },
    ]);
    await createChangeRequest(db, { ...owner, providerId: provider.id, request: { field: "SLUG", value: "listed-co" } });

    const { pending, recent } = await listChangeRequests(db, { providerId: provider.id, recentLimit: 2 });
    expect(pending.map((r) => r.requestedValue)).toEqual(["listed-co"]);
    expect(recent.map((r) => [r.requestedValue, r.decisionNote])).toEqual([
      ["Newer one", "Fine"],
      ["Gave up", null],
    ]);
    const [pendingRow] = await db
      .select()
      .from(providerChangeRequests)
      .where(and(eq(providerChangeRequests.providerId, provider.id), eq(providerChangeRequests.status, "PENDING")));
    expect(pendingRow!.requestedValue).toBe("listed-co");
  });
});
