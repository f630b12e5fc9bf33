import { describe, expect, it } from "vitest";
import { cardRatingText, reviewsHref, starsText } from "./review-text";

describe("cardRatingText", () => {
  it('says "★ 4.6 (7 reviews)" from 3 reviews, "2 reviews" below, and nothing at 0', () => {
    expect(cardRatingText({ count: 7, average: 4.57 })).toBe("★ 4.6 (7 reviews)");
    expect(cardRatingText({ count: 3, average: 4 })).toBe("★ 4.0 (3 reviews)");
    expect(cardRatingText({ count: 2, average: null })).toBe("2 reviews");
    expect(cardRatingText({ count: 1, average: null })).toBe("1 review");
    expect(cardRatingText({ count: 0, average: null })).toBeNull();
  });
});

describe("review views' helpers", () => {
  it("rounds stars to whole ones and keeps the default reviews address without a query", () => {
    expect(starsText(4.6)).toBe("★★★★★");
    expect(starsText(2.4)).toBe("★★☆☆☆");
    expect(reviewsHref("acme", "newest")).toBe("/providers/acme/reviews");
    expect(reviewsHref("acme", "highest", 2)).toBe("/providers/acme/reviews?sort=highest&page=2");
  });
});
