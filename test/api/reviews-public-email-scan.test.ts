import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { GET as PROFILE } from "@/app/api/public/studio/providers/[slug]/route";
import { GET as REVIEWS } from "@/app/api/public/studio/providers/[slug]/reviews/route";
import { POST as REPORT } from "@/app/api/public/studio/reviews/[id]/reports/route";
import { reviewReplies } from "@/db/schema-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { makeProvider } from "@/test/support/factories";
import { call } from "@/test/support/http";
import { makeReview } from "@/test/support/review-factories";

// Extensions §4: the reviewer's email address is absent from every public response about reviews.
describe("public review responses", () => {
  it("never carry a reviewer's email address, in any order, page or display", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    const emails = ["first.reviewer@example.com", "second.reviewer@example.org", "third.reviewer@example.net"];
    const displays = ["NAME_AND_COMPANY", "NAME_ONLY", "INITIALS"] as const;
    const made = [];
    for (const [i, senderEmail] of emails.entries()) made.push(await makeReview(db, { providerId: p.id, senderEmail, display: displays[i], overall: i + 3 }));
    await db.insert(reviewReplies).values({ reviewId: made[0]!.id, body: "Thanks for the kind words." });
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });

    const bodies: string[] = [];
    bodies.push(await (await call(PROFILE, `/api/public/studio/providers/${p.slug}`, { params: { slug: p.slug } })).text());
    for (const search of ["", "?sort=highest", "?sort=lowest", "?limit=1&page=2", "?limit=50"]) {
      const response = await call(REVIEWS, `/api/public/studio/providers/${p.slug}/reviews${search}`, { params: { slug: p.slug } });
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    const report = await call(REPORT, `/api/public/studio/reviews/${made[1]!.id}/reports`, {
      json: { reason: "OTHER", note: "Checking what a report answers." },
      params: { id: made[1]!.id },
    });
    expect(report.status).toBe(202);
    bodies.push(await report.text());

    const all = bodies.join("\n");
    expect(all).toContain(made[0]!.id);
    for (const email of emails) {
      expect(all).not.toContain(email);
      expect(all).not.toContain(email.split("@")[0]);
    }
    expect(all).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
