import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, providers, type Provider } from "@/db/schema";
import { listingReportEscalations, listingReports } from "@/db/schema-freshness";
import { makeApiKey, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { unchangedBy } from "@/test/support/snapshot";
import { POST as RESOLVE } from "./[id]/resolve/route";
import { GET, POST } from "./route";

let provider: Provider;
let other: Provider;
let ownerKey: string;
let adminKey: string;
let memberKey: string;
let otherKey: string;

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  other = await makeProvider(db);
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER" })).key;
  adminKey = (await makeApiKey(db, { provider, role: "ADMIN" })).key;
  memberKey = (await makeApiKey(db, { provider, role: "MEMBER" })).key;
  otherKey = (await makeApiKey(db, { provider: other, role: "OWNER" })).key;
});

let n = 0;
async function makeReport(values: Partial<typeof listingReports.$inferInsert> & { providerId: string }) {
  const [row] = await getDb()
    .insert(listingReports)
    .values({
      category: "WRONG_FACTS",
      note: "The city on the listing is wrong.",
      reporterKey: `key-${++n}`,
      reporterEmail: `reporter-${n}@example.com`,
      ...values,
    })
    .returning();
  return row!;
}

const list = (key: string, query = "") => call(GET, `/api/provider/studio/reports${query}`, { key });
const resolve = (key: string, id: string, body: unknown) =>
  call(RESOLVE, `/api/provider/studio/reports/${id}/resolve`, { key, method: "POST", json: body, params: { id } });

describe("GET /api/provider/studio/reports", () => {
  it("lists the key's provider's OPEN reports newest first, paged, and never who reported them", async () => {
    const older = await makeReport({ providerId: provider.id, createdAt: new Date(Date.now() - 3_600_000), fields: ["city"] });
    const newer = await makeReport({ providerId: provider.id, category: "OUT_OF_BUSINESS", note: null });
    await makeReport({ providerId: other.id });
    const response = await list(memberKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.clone().text();
    const body = await response.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(body.data[1]).toEqual({
      id: older.id,
      category: "WRONG_FACTS",
      fields: ["city"],
      note: "The city on the listing is wrong.",
      status: "OPEN",
      resolution: null,
      resolutionNote: null,
      system: false,
      createdAt: older.createdAt.toISOString(),
      resolvedAt: null,
    });
    for (const secret of [older.reporterKey!, older.reporterEmail!, newer.reporterKey!, newer.reporterEmail!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/reporter|email/i);
    const paged = await (await list(memberKey, "?limit=1&page=2")).json();
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.data.map((r: { id: string }) => r.id)).toEqual([older.id]);
  });

  it("filters by status and refuses an unknown one with 400", async () => {
    const target = await makeProvider(getDb());
    const key = (await makeApiKey(getDb(), { provider: target, role: "MEMBER" })).key;
    const dismissed = await makeReport({ providerId: target.id, status: "DISMISSED" });
    await makeReport({ providerId: target.id });
    const body = await (await list(key, "?status=DISMISSED")).json();
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([dismissed.id]);
    const bad = await list(key, "?status=NOPE");
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).code).toBe("VALIDATION_FAILED");
  });

  it("refuses a request without a key with 401, and other methods with 405", async () => {
    expect((await call(GET, "/api/provider/studio/reports")).status).toBe(401);
    expect((await call(POST, "/api/provider/studio/reports", { key: ownerKey, method: "POST", json: {} })).status).toBe(405);
  });
});

describe("POST /api/provider/studio/reports/:id/resolve", () => {
  it("resolves an OPEN report as NOT_AN_ISSUE for an ADMIN, audits it, and emails the reporter exactly once", async () => {
    const report = await makeReport({ providerId: provider.id });
    const response = await resolve(adminKey, report.id, { action: "NOT_AN_ISSUE", note: "Our city is right." });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: report.id, status: "RESOLVED", resolution: "NOT_AN_ISSUE", resolutionNote: "Our city is right." });
    expect(body.resolvedAt).toMatch(/Z$/);
    expect(JSON.stringify(body)).not.toContain(report.reporterEmail!);
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, report.id), eq(auditEvents.action, "listing_report.resolved")));
    expect(audit).toMatchObject({ actorType: "API_KEY", providerId: provider.id, metadata: { resolution: "NOT_AN_ISSUE" } });
    // Answering again is a conflict and sends nothing more.
    const again = await unchangedBy(getDb(), () => resolve(ownerKey, report.id, { action: "FIXED" }));
    expect(again.status).toBe(409);
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, report.reporterEmail!));
    expect(mails.map((m) => m.kind)).toEqual(["LISTING_REPORT_OUTCOME"]);
    expect(mails[0]!.text).toContain("found it correct");
    expect(mails[0]!.text).not.toContain("Our city is right.");
  });

  it("FIXED confirms the listing and closes the provider's open escalation as FIXED; a reporter without an email gets nothing", async () => {
    const report = await makeReport({ providerId: provider.id, category: "CONTACT_FAILS", reporterEmail: null, note: null });
    await getDb().update(providers).set({ confirmedAt: new Date(Date.now() - 100 * 86_400_000) }).where(eq(providers.id, provider.id));
    await getDb().insert(listingReportEscalations).values({ providerId: provider.id, deadlineAt: new Date(Date.now() + 86_400_000) });
    const before = await getDb().select({ id: emailOutbox.id }).from(emailOutbox);
    const response = await resolve(ownerKey, report.id, { action: "FIXED" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "RESOLVED", resolution: "FIXED", resolutionNote: null });
    const escalations = await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, provider.id));
    expect(escalations).toEqual([expect.objectContaining({ closedReason: "FIXED", closedAt: expect.any(Date) })]);
    const [after] = await getDb().select().from(providers).where(eq(providers.id, provider.id));
    expect(Date.now() - after!.confirmedAt.getTime()).toBeLessThan(60_000);
    const confirmed = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, provider.id), eq(auditEvents.action, "listing.confirmed")));
    expect(confirmed).toHaveLength(1);
    expect(await getDb().select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });

  it("refuses a MEMBER key with 403 and changes nothing", async () => {
    const report = await makeReport({ providerId: provider.id });
    const response = await unchangedBy(getDb(), () => resolve(memberKey, report.id, { action: "FIXED" }));
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe("FORBIDDEN");
  });

  it("answers 404 for another provider's report, an unknown id or a malformed one, changing nothing", async () => {
    const report = await makeReport({ providerId: provider.id });
    await unchangedBy(getDb(), async () => {
      expect((await resolve(otherKey, report.id, { action: "FIXED" })).status).toBe(404);
      expect((await resolve(ownerKey, "00000000-0000-4000-8000-000000000000", { action: "FIXED" })).status).toBe(404);
      expect((await resolve(ownerKey, "not-a-uuid", { action: "FIXED" })).status).toBe(404);
    });
  });

  it("refuses an unknown action or unknown fields with 400", async () => {
    const report = await makeReport({ providerId: provider.id });
    for (const body of [{ action: "MAYBE" }, {}, { action: "FIXED", extra: 1 }, { action: "FIXED", note: "x".repeat(1001) }]) {
      const response = await resolve(ownerKey, report.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
