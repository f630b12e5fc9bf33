import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reviews } from "@/db/schema-reviews";
import { resetEnv } from "@/lib/config/env";
import { REVIEW_COOLOFF_HOURS } from "@/lib/reviews/review-rules";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { GET, POST } from "./route";

const saved = { ...process.env };
const SECRET = "mailbox-secret-for-tests-0123456789";
const HOUR_MS = 3_600_000;

function selectEnv(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  resetEnv();
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return POST(
    new Request("http://localhost/api/dev/maintenance", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

beforeEach(() => selectEnv({ EMAIL_TRANSPORT: "mailbox" }));

afterEach(() => {
  process.env = { ...saved };
  resetEnv();
});

describe("POST /api/dev/maintenance", () => {
  it("runs the named job at the clock it is given: a review is published once its cool-off has passed", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const publishAfter = new Date(Date.now() + REVIEW_COOLOFF_HOURS * HOUR_MS);
    const review = await makeReview(db, { providerId: provider.id, status: "PENDING", publishAfter });
    const status = async () => (await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, review.id)))[0]!.status;

    const now = await post({ jobs: ["review-publishing"] });
    expect(now.status).toBe(200);
    expect(await status()).toBe("PENDING");

    const later = await post({ jobs: ["review-publishing"], at: new Date(publishAfter.getTime() + 60_000).toISOString() });
    expect(later.status).toBe(200);
    const body = (await later.json()) as { jobs: { job: string; ran: boolean; result: Record<string, number> }[] };
    expect(body.jobs).toHaveLength(1);
    expect(body.jobs[0]).toMatchObject({ job: "review-publishing", ran: true });
    expect(await status()).toBe("PUBLISHED");
  });

  it("refuses a job it does not know, and an empty list, as validation problems", async () => {
    for (const bad of [{ jobs: ["nonsense"] }, { jobs: [] }, { jobs: ["retention"], at: "tomorrow" }, { jobs: ["retention"], extra: 1 }]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    }
  });

  it("is behind the mailbox's gate: absent in a production build without the secret, and for a wrong one", async () => {
    selectEnv({ EMAIL_TRANSPORT: "mailbox", NODE_ENV: "production" });
    expect((await post({ jobs: ["retention"] })).status).toBe(404);
    selectEnv({ EMAIL_TRANSPORT: "mailbox", NODE_ENV: "production", MAILBOX_SECRET: SECRET });
    expect((await post({ jobs: ["retention"] }, { "x-mailbox-secret": `${SECRET}x` })).status).toBe(404);
    expect((await post({ jobs: ["retention"] }, { "x-mailbox-secret": SECRET })).status).toBe(200);
    selectEnv({ EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test_key" });
    expect((await post({ jobs: ["retention"] })).status).toBe(404);
  });

  it("answers 405 to a GET", async () => {
    const response = await GET(new Request("http://localhost/api/dev/maintenance"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });
});
