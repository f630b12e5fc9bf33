import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { CardRating } from "@/components/reviews/card-rating";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { listReviewFigures } from "./list-review-figures";
import { refreshReviewStats } from "./refresh-review-stats";

const card = (figures: Parameters<typeof CardRating>[0]["figures"]) => renderToStaticMarkup(createElement(CardRating, { figures }));

describe("listReviewFigures and the directory card's rating", () => {
  it('reads a page of cards in one query: "★ 4.7 (3 reviews)" from 3, "2 reviews" below, nothing at 0', async () => {
    const db = getDb();
    const [three, two, none, unlisted] = await Promise.all([
      makeProvider(db),
      makeProvider(db),
      makeProvider(db),
      makeProvider(db, { publicProfile: false }),
    ]);
    for (const overall of [5, 5, 4]) await makeReview(db, { providerId: three.id, overall });
    for (const overall of [5, 1]) await makeReview(db, { providerId: two.id, overall });
    await makeReview(db, { providerId: none.id, status: "PENDING" });
    await refreshReviewStats(db, { now: new Date(), providerIds: [three.id, two.id, none.id, unlisted.id] });

    const figures = await listReviewFigures(db, { slugs: [three.slug, two.slug, none.slug] });
    expect(Object.fromEntries(figures)).toEqual({
      [three.slug]: { count: 3, average: 4.67 },
      [two.slug]: { count: 2, average: null },
    });
    expect(await listReviewFigures(db, { slugs: [] })).toEqual(new Map());

    const rated = card(figures.get(three.slug));
    expect(rated).toContain("★ 4.7 (3 reviews)");
    expect(rated).toContain("Rated 4.7 out of 5 from 3 reviews");
    expect(card(figures.get(two.slug))).toContain(">2 reviews<");
    expect(card(figures.get(none.slug))).toBe("");
  });
});
