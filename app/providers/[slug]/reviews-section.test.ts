import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerNotices, reviewDisputes, reviewReplies } from "@/db/schema-reviews";
import { listPublicReviews } from "@/lib/reviews/list-public-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import ProviderProfilePage from "./page";
import ProviderReviewsPage from "./reviews/page";
import ReportReviewPage from "./reviews/[id]/report/page";

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

async function html(element: Promise<React.ReactElement>): Promise<string> {
  const { prelude } = await prerender(await element);
  return new Response(prelude).text();
}
const profileHtml = (slug: string) => html(ProviderProfilePage({ params: Promise.resolve({ slug }) }));
const reviewsHtml = (slug: string, search: Record<string, string> = {}) =>
  html(ProviderReviewsPage({ params: Promise.resolve({ slug }), searchParams: Promise.resolve(search) }));
const jsonLd = (page: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
const text = (page: string) => page.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/\s+/g, " ");

describe("the profile's Client reviews", () => {
  it("shows the figures, the newest reviews with their labels, reply and Report link; web addresses stay text", async () => {
    const db = getDb();
    const p = await makeProvider(db, { name: "Harbour Labs" });
    const edited = await makeReview(db, {
      providerId: p.id,
      overall: 4,
      quality: 4,
      title: "Solid work, see www.harbour-proof.example",
      body: "They delivered what https://evil.example/login promised and more, with weekly demos and honest estimates throughout.",
      verification: "CONFIRMED_BY_BOTH",
      incentive: "A discount of ten percent on the next project",
      publishedAt: ago(5),
      editedAt: ago(1),
    });
    await makeReview(db, { providerId: p.id, overall: 5, quality: 5, publishedAt: ago(10), display: "INITIALS", reviewerName: "Grace Hopper" });
    const disputed = await makeReview(db, { providerId: p.id, overall: 2, quality: 3, publishedAt: ago(20), wouldRecommend: false });
    await makeReview(db, { providerId: p.id, overall: 5, publishedAt: ago(30), title: "The oldest review" });
    await db.insert(reviewReplies).values({ reviewId: edited.id, body: "Thank you! Details at https://harbour.example", createdAt: ago(3) });
    await db
      .insert(reviewDisputes)
      .values({ reviewId: disputed.id, providerId: p.id, reason: "NO_ENGAGEMENT", note: "We never worked with this client at all.", dueAt: new Date(Date.now() + 14 * DAY_MS) });
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });

    const page = await profileHtml(p.slug);
    const words = text(page);
    expect(words).toContain("Client reviews");
    expect(words).toContain("4.0 out of 5 from 4 reviews");
    expect(words).toContain("75% would recommend them");
    expect(words).toContain("Quality 4.0 out of 5");
    expect(words).toMatch(/5 stars\s+2\b/);
    expect(words).toMatch(/3 stars\s+0\b/);
    expect(words).toContain("Engagement confirmed by both");
    expect(words).toContain("Stated by the client");
    expect(words).toContain("Under review by Provider Registry");
    expect(words).toContain("The reviewer received something for this review: A discount of ten percent");
    expect(words).toMatch(/Edited \d+ \w+ \d{4}/);
    expect(words).toContain("Reply from Harbour Labs (reply to an earlier version)");
    expect(words).toContain("G. H.");
    // Only the 3 newest on the profile; the rest behind "Read all 4 reviews".
    expect(words).not.toContain("The oldest review");
    expect(page).toContain(`href="/providers/${p.slug}/reviews"`);
    expect(words).toContain("Read all 4 reviews");
    expect(page).toContain(`href="/providers/${p.slug}/reviews?sort=highest"`);
    expect(page).toContain(`href="/providers/${p.slug}/reviews/${edited.id}/report"`);
    // Defanged and never links.
    expect(words).toContain("https[:]//evil[.]example/login");
    expect(words).toContain("www[.]harbour-proof[.]example");
    expect(page).not.toMatch(/href="[^"]*(evil|harbour-proof|harbour\.example)/);
    expect(page.indexOf("Engagement confirmed")).toBeGreaterThan(-1);
    expect(page.indexOf("received something")).toBeLessThan(page.indexOf("weekly demos"));

    expect(jsonLd(page).aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4, reviewCount: 4, bestRating: 5 });
  });

  it("has no aggregateRating below 3 reviews, and shows active notices near the top", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    await makeReview(db, { providerId: p.id });
    await makeReview(db, { providerId: p.id });
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });
    await db.insert(providerNotices).values({
      providerId: p.id,
      kind: "REVIEW_MANIPULATION",
      body: "We removed 4 reviews written by people working for this provider.",
      endsAt: new Date(Date.now() + 90 * DAY_MS),
    });
    const page = await profileHtml(p.slug);
    expect(jsonLd(page).aggregateRating).toBeUndefined();
    expect(text(page)).toContain("2 reviews. The average is shown from 3 reviews.");
    const notice = page.indexOf("We removed 4 reviews written by people");
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(page.indexOf("Client reviews"));
    expect(notice).toBeLessThan(page.indexOf("<h1"));
  });

  it("the reviews page sorts and pages with links, and the report page names the review; both 404 where the profile does", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    for (let i = 0; i < 12; i++) await makeReview(db, { providerId: p.id, overall: (i % 5) + 1, title: `Review number ${i}`, publishedAt: ago(i + 1) });
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });
    const lowest = text(await reviewsHtml(p.slug, { sort: "lowest" }));
    expect(lowest).toContain("Lowest rated: showing 1–10 of 12 reviews");
    expect(lowest.indexOf("Review number 0")).toBeLessThan(lowest.indexOf("Review number 1 "));
    const second = await reviewsHtml(p.slug, { sort: "lowest", page: "2" });
    expect(text(second)).toContain("showing 11–12 of 12 reviews");
    expect(second).toContain(`href="/providers/${p.slug}/reviews?sort=lowest"`);
    expect(text(await reviewsHtml(p.slug, { sort: "nonsense" }))).toContain("Newest: showing 1–10");

    const hidden = await makeProvider(db, { publicProfile: false });
    const notFound = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return "rendered";
      } catch (error) {
        return String((error as { digest?: unknown }).digest);
      }
    };
    expect(await notFound(() => ProviderReviewsPage({ params: Promise.resolve({ slug: hidden.slug }), searchParams: Promise.resolve({}) }))).toMatch(/404/);

    const [first] = (await listPublicReviews(db, { slug: p.slug, sort: "newest", page: 1, limit: 1 })).data;
    const report = text(await html(ReportReviewPage({ params: Promise.resolve({ slug: p.slug, id: first!.id }) })));
    expect(report).toContain("Report a review");
    expect(report).toContain("What is wrong with this review?");
    expect(await notFound(() => ReportReviewPage({ params: Promise.resolve({ slug: hidden.slug, id: first!.id }) }))).toMatch(/404/);
    expect(await notFound(() => ReportReviewPage({ params: Promise.resolve({ slug: p.slug, id: "nope" }) }))).toMatch(/404/);
  });
});
