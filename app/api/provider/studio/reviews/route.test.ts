import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { makeApiKey, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeReview } from "@/test/support/review-factories";
import { POST as DISPUTE } from "./[id]/dispute/route";
import { PATCH as EDIT_REPLY, POST as REPLY } from "./[id]/reply/route";
import { GET } from "./route";

let provider: Provider;
let ownerKey: string;
const NOTE = "The review insults a named member of our team.";

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER" })).key;
});

describe("/provider/studio/reviews", () => {
  it("lists published reviews with the pending count and never the reviewer's address", async () => {
    const reviewer = "api-listed-client@example.com";
    await makeReview(getDb(), { providerId: provider.id, senderEmail: reviewer });
    await makeReview(getDb(), { providerId: provider.id, status: "PENDING" });
    const response = await call(GET, "/api/provider/studio/reviews?limit=5", { key: ownerKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).not.toContain(reviewer);
    const body = JSON.parse(text) as { data: unknown[]; pendingCount: number; limit: number };
    expect(body).toMatchObject({ pendingCount: 1, limit: 5 });
    expect(body.data.length).toBeGreaterThan(0);
    expect((await call(GET, "/api/provider/studio/reviews?status=PENDING", { key: ownerKey })).status).toBe(400);
  });

  it("replies with 201, edits with 200, and refuses a second reply with 409 REPLY_EXISTS", async () => {
    const review = await makeReview(getDb(), { providerId: provider.id });
    const url = `/api/provider/studio/reviews/${review.id}/reply`;
    const created = await call(REPLY, url, { key: ownerKey, json: { body: "Thank you." }, params: { id: review.id } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ reviewId: review.id, body: "Thank you." });
    const again = await call(REPLY, url, { key: ownerKey, json: { body: "Again." }, params: { id: review.id } });
    expect((await problemOf(again)).code).toBe("REPLY_EXISTS");
    const edited = await call(EDIT_REPLY, url, { method: "PATCH", key: ownerKey, json: { body: "Thank you!" }, params: { id: review.id } });
    expect(edited.status).toBe(200);
    const empty = await call(REPLY, url, { key: ownerKey, json: { body: "   " }, params: { id: review.id } });
    expect(empty.status).toBe(400);
  });

  it("opens a dispute with 201 { id, dueAt }, then 409 DISPUTE_OPEN, and 429 with Retry-After past 3 open", async () => {
    const reviews = [];
    for (let i = 0; i < 4; i++) reviews.push(await makeReview(getDb(), { providerId: provider.id }));
    const open = (id: string) =>
      call(DISPUTE, `/api/provider/studio/reviews/${id}/dispute`, { key: ownerKey, json: { reason: "ABUSIVE", note: NOTE }, params: { id } });
    const first = await open(reviews[0]!.id);
    expect(first.status).toBe(201);
    expect(Object.keys((await first.json()) as object).sort()).toEqual(["dueAt", "id"]);
    expect((await problemOf(await open(reviews[0]!.id))).code).toBe("DISPUTE_OPEN");
    expect((await open(reviews[1]!.id)).status).toBe(201);
    expect((await open(reviews[2]!.id)).status).toBe(201);
    const limited = await open(reviews[3]!.id);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(13 * 86_400);
    const short = await call(DISPUTE, `/api/provider/studio/reviews/${reviews[3]!.id}/dispute`, {
      key: ownerKey,
      json: { reason: "ABUSIVE", note: "too short" },
      params: { id: reviews[3]!.id },
    });
    expect(short.status).toBe(400);
  });
});
