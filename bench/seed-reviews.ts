// The benchmark's reviews (issue 28): one listed provider with 50 published reviews (the profile with
// its "Client reviews" and the reviews list), and 3 each for the first 40 listed providers by name (the
// directory page ?sort=name, whose cards then all show a rating). Rows written straight into the
// tables with their figures, as e2e/seed/review-rows.ts writes the browser tests' ones.
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { insertFixtureReadReviews } from "../e2e/seed/review-rows";
import type { FixtureReadReview } from "../e2e/seed/types";

const TITLES = ["Shipped on time", "Good work, some rework", "Clear answers every week", "Slow start, strong finish", "Would hire again"];

function reviewsOf(count: number): FixtureReadReview[] {
  return Array.from({ length: count }, (_, i) => ({
    overall: (i % 5) + 1,
    daysAgo: 1 + i * 3,
    title: `${TITLES[i % TITLES.length]} (${i + 1})`,
    reviewer: `Bench Reviewer ${i + 1}`,
    wouldRecommend: i % 5 > 1,
    verification: i % 2 === 0 ? "CONFIRMED_BY_BOTH" : "STATED_BY_CLIENT",
    ...(i % 7 === 0 ? { reply: "Thank you for the review." } : {}),
    ...(i % 11 === 0 ? { underDispute: true } : {}),
  }));
}

/** Seeds the reviews; answers the slug of the provider with 50. */
export async function seedBenchReviews(db: Db): Promise<{ reviewedSlug: string | null }> {
  const listed = sql`approval_status = 'APPROVED' and public_profile`;
  const [many] = await executeRows<{ id: string; slug: string }>(db, sql`select id, slug from providers where ${listed} order by slug desc offset 1 limit 1`);
  if (many) await insertFixtureReadReviews(db, { providerId: many.id, reviews: reviewsOf(50) });
  const firstByName = await executeRows<{ id: string }>(db, sql`select id from providers where ${listed} order by lower(name), id limit 40`);
  for (const p of firstByName) if (p.id !== many?.id) await insertFixtureReadReviews(db, { providerId: p.id, reviews: reviewsOf(3) });
  return { reviewedSlug: many?.slug ?? null };
}
