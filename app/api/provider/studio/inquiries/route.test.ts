import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, type Provider } from "@/db/schema";
import { makeApiKey, makeInquiry, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { PATCH } from "./[id]/route";
import { GET, POST } from "./route";

let provider: Provider;
let other: Provider;
let ownerKey: string;
let memberKey: string;
let adminKey: string;
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

const list = (key: string, query = "") => call(GET, `/api/provider/studio/inquiries${query}`, { key });
const patch = (key: string, id: string, body: unknown) =>
  call(PATCH, `/api/provider/studio/inquiries/${id}`, { key, method: "PATCH", json: body, params: { id } });

describe("GET /api/provider/studio/inquiries", () => {
  it("lists the key's provider's delivered inquiries, newest first, never another provider's or unconfirmed ones", async () => {
    const db = getDb();
    const hour = 3600 * 1000;
    const older = await makeInquiry(db, { providerId: provider.id, deliveredAt: new Date(Date.now() - 2 * hour) });
    const newer = await makeInquiry(db, { providerId: provider.id, budget: "<5k", timeline: "asap", senderCompany: "Co" });
    await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION" });
    await makeInquiry(db, { providerId: other.id });
    const response = await list(memberKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(body.data.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(body.data[0]).toEqual({
      id: newer.id,
      providerSlug: provider.slug,
      name: newer.senderName,
      email: newer.senderEmail,
      company: "Co",
      budget: "<5k",
      timeline: "asap",
      message: newer.message,
      status: "NEW",
      createdAt: newer.createdAt.toISOString(),
      deliveredAt: newer.deliveredAt!.toISOString(),
      firstResponseAt: null,
      engagedAt: null,
      reviewInvitation: { status: "SCHEDULED", sendAt: new Date(newer.deliveredAt!.getTime() + 45 * 86_400_000).toISOString() },
      erasedAt: null,
    });
    expect(body.data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("filters by status and pages", async () => {
    const db = getDb();
    const mine = await makeProvider(db);
    const key = (await makeApiKey(db, { provider: mine })).key;
    for (let i = 0; i < 3; i++) await makeInquiry(db, { providerId: mine.id, status: "SPAM", firstResponseAt: new Date() });
    await makeInquiry(db, { providerId: mine.id });
    const spam = await (await list(key, "?status=SPAM&limit=2&page=2")).json();
    expect(spam).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(spam.data).toHaveLength(1);
    expect(spam.data[0].status).toBe("SPAM");
  });

  it.each(["?status=AWAITING_VERIFICATION", "?status=new", "?page=0", "?limit=x"])("refuses %s with 400", async (query) => {
    const response = await list(ownerKey, query);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
  });

  it("refuses a request without a key with 401", async () => {
    expect((await call(GET, "/api/provider/studio/inquiries")).status).toBe(401);
  });

  it("answers POST with 405", async () => {
    expect((await call(POST, "/api/provider/studio/inquiries", { key: ownerKey, json: {} })).status).toBe(405);
  });
});

describe("PATCH /api/provider/studio/inquiries/:id", () => {
  it("lets OWNER and ADMIN keys change status; the first move out of NEW sets firstResponseAt, kept on the way back", async () => {
    const db = getDb();
    const inquiry = await makeInquiry(db, { providerId: provider.id });
    const replied = await patch(adminKey, inquiry.id, { status: "REPLIED" });
    expect(replied.status).toBe(200);
    const body = await replied.json();
    expect(body).toMatchObject({ id: inquiry.id, status: "REPLIED", providerSlug: provider.slug });
    expect(body.firstResponseAt).toMatch(/Z$/);
    const back = await (await patch(ownerKey, inquiry.id, { status: "NEW" })).json();
    expect(back).toMatchObject({ status: "NEW", firstResponseAt: body.firstResponseAt });
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, inquiry.id), eq(auditEvents.action, "inquiry.status_changed")));
    expect(trail.map((e) => e.metadata)).toEqual(
      expect.arrayContaining([{ from: "NEW", to: "REPLIED" }, { from: "REPLIED", to: "NEW" }]),
    );
    expect(trail.every((e) => e.actorType === "API_KEY")).toBe(true);
  });

  it("refuses a MEMBER key with 403 and changes nothing", async () => {
    const inquiry = await makeInquiry(getDb(), { providerId: provider.id });
    const response = await patch(memberKey, inquiry.id, { status: "SPAM" });
    expect(response.status).toBe(403);
    const listed = await (await list(memberKey, "?status=NEW&limit=100")).json();
    expect(listed.data.map((i: { id: string }) => i.id)).toContain(inquiry.id);
  });

  it("answers 404 for another provider's inquiry, an unconfirmed one, an unknown id and a malformed id", async () => {
    const db = getDb();
    const theirs = await makeInquiry(db, { providerId: other.id });
    const unconfirmed = await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION" });
    for (const id of [theirs.id, unconfirmed.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await patch(ownerKey, id, { status: "REPLIED" });
      expect(response.status, id).toBe(404);
      expect((await problemOf(response)).code).toBe("NOT_FOUND");
    }
    expect((await patch(otherKey, theirs.id, { status: "REPLIED" })).status).toBe(200);
  });

  it.each([{}, { status: "AWAITING_VERIFICATION" }, { status: "DONE" }, { status: "REPLIED", message: "x" }])(
    "refuses %j with 400",
    async (body) => {
      const inquiry = await makeInquiry(getDb(), { providerId: provider.id });
      const response = await patch(ownerKey, inquiry.id, body);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    },
  );
});
