import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, inquiries, type Provider } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";
import { sendReviewInvitations } from "@/lib/reviews/send-review-invitations";
import { makeApiKey, makeInquiry, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeReview } from "@/test/support/review-factories";
import { unchangedBy } from "@/test/support/snapshot";
import { DELETE, GET, POST } from "./route";

const DAY = 86_400_000;
let provider: Provider;
let other: Provider;
const keys: Record<string, string> = {};

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  other = await makeProvider(db);
  for (const role of ["OWNER", "ADMIN", "MEMBER"] as const) keys[role] = (await makeApiKey(db, { provider, role })).key;
  keys.OTHER = (await makeApiKey(db, { provider: other, role: "OWNER" })).key;
});

const url = (id: string) => `/api/provider/studio/inquiries/${id}/engagement`;
const mark = (key: string, id: string) => call(POST, url(id), { key, method: "POST", params: { id } });
const unmark = (key: string, id: string) => call(DELETE, url(id), { key, method: "DELETE", params: { id } });

describe("POST /api/provider/studio/inquiries/:id/engagement", () => {
  it("marks the engagement and schedules the invitation 21 days later; a second mark answers the same body", async () => {
    const db = getDb();
    const deliveredAt = new Date(Date.now() - 2 * DAY);
    const inquiry = await makeInquiry(db, { providerId: provider.id, deliveredAt });
    const response = await mark(keys.OWNER!, inquiry.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.engagedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const engagedAt = new Date(body.engagedAt).getTime();
    expect(body.reviewInvitation).toEqual({ status: "SCHEDULED", sendAt: new Date(engagedAt + 21 * DAY).toISOString() });
    const again = await unchangedBy(db, () => mark(keys.ADMIN!, inquiry.id));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, inquiry.id), eq(auditEvents.action, "inquiry.engagement_marked")));
    expect(trail).toHaveLength(1);
  });

  it("refuses a MEMBER key (403), another provider's inquiry (404) and a spam inquiry (409 INQUIRY_NOT_ELIGIBLE), changing nothing", async () => {
    const db = getDb();
    const inquiry = await makeInquiry(db, { providerId: provider.id });
    const spam = await makeInquiry(db, { providerId: provider.id, status: "SPAM" });
    const refusals = await unchangedBy(db, async () => [
      await mark(keys.MEMBER!, inquiry.id),
      await mark(keys.OTHER!, inquiry.id),
      await mark(keys.OWNER!, spam.id),
      await mark(keys.OWNER!, "not-a-uuid"),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([403, 404, 409, 404]);
    expect((await problemOf(refusals[2]!)).code).toBe("INQUIRY_NOT_ELIGIBLE");
  });

  it("upgrades the sender's existing review to CONFIRMED_BY_BOTH", async () => {
    const db = getDb();
    const review = await makeReview(db, { providerId: provider.id, verification: "STATED_BY_CLIENT" });
    const response = await mark(keys.OWNER!, review.inquiryId);
    expect(response.status).toBe(200);
    expect((await response.json()).reviewInvitation.status).toBe("REVIEWED");
    const [after] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(after!.verification).toBe("CONFIRMED_BY_BOTH");
  });
});

describe("DELETE /api/provider/studio/inquiries/:id/engagement", () => {
  it("clears the mark while the invitation is not sent; the schedule falls back to 45 days after delivery", async () => {
    const db = getDb();
    const deliveredAt = new Date(Date.now() - DAY);
    const inquiry = await makeInquiry(db, { providerId: provider.id, deliveredAt });
    await mark(keys.OWNER!, inquiry.id);
    expect((await unmark(keys.MEMBER!, inquiry.id)).status).toBe(403);
    const response = await unmark(keys.ADMIN!, inquiry.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.engagedAt).toBeNull();
    expect(body.reviewInvitation).toEqual({ status: "SCHEDULED", sendAt: new Date(deliveredAt.getTime() + 45 * DAY).toISOString() });
    expect((await unmark(keys.ADMIN!, inquiry.id)).status).toBe(200);
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, inquiry.id), eq(auditEvents.action, "inquiry.engagement_unmarked")));
    expect(trail).toHaveLength(1);
  });

  it("refuses once the invitation was sent (409 INVITATION_ALREADY_SENT) and keeps the mark", async () => {
    const db = getDb();
    const deliveredAt = new Date(Date.now() - 30 * DAY);
    const inquiry = await makeInquiry(db, { providerId: provider.id, deliveredAt, engagedAt: deliveredAt });
    await sendReviewInvitations(db, { now: new Date() });
    const response = await unchangedBy(db, () => unmark(keys.OWNER!, inquiry.id));
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe("INVITATION_ALREADY_SENT");
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row!.engagedAt).toEqual(deliveredAt);
  });

  it("answers 405 to other methods", async () => {
    const inquiry = await makeInquiry(getDb(), { providerId: provider.id });
    expect((await call(GET, url(inquiry.id), { key: keys.OWNER!, params: { id: inquiry.id } })).status).toBe(405);
  });
});
