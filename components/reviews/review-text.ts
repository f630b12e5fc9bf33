import type { ReviewStats } from "@/lib/reviews/review-schemas";
import type { ReviewSort } from "@/lib/reviews/public-read-schemas";

// The words every review view shares (the profile's section, the reviews page, the directory cards).

const STAR = "★";
const EMPTY_STAR = "☆";

/** 4.6 → "★★★★★" rounded to whole stars, for sighted readers; the number is always written beside it. */
export function starsText(value: number): string {
  const full = Math.max(0, Math.min(5, Math.round(value)));
  return STAR.repeat(full) + EMPTY_STAR.repeat(5 - full);
}

/** 4 → "4.0", 4.57 → "4.6": averages as one decimal. */
export function ratingText(value: number): string {
  return value.toFixed(1);
}

export const reviewCountText = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/**
 * A directory card's figure: "★ 4.6 (7 reviews)" from 3 reviews (the average is shown from there),
 * "2 reviews" below, nothing without any.
 */
export function cardRatingText(figures: { count: number; average: number | null }): string | null {
  if (figures.count <= 0) return null;
  if (figures.average === null) return reviewCountText(figures.count);
  return `★ ${ratingText(figures.average)} (${reviewCountText(figures.count)})`;
}

export const SORT_LABELS: Record<ReviewSort, string> = { newest: "Newest", highest: "Highest rated", lowest: "Lowest rated" };

export const SUB_RATING_LABELS: Record<keyof ReviewStats["subRatings"], string> = {
  quality: "Quality",
  schedule: "Schedule",
  communication: "Communication",
  value: "Value",
};

/** The reviews page's address: the default (newest, page 1) has no query. */
export function reviewsHref(slug: string, sort: ReviewSort, page = 1): string {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/providers/${encodeURIComponent(slug)}/reviews${query ? `?${query}` : ""}`;
}

export function reviewReportHref(slug: string, reviewId: string): string {
  return `/providers/${encodeURIComponent(slug)}/reviews/${encodeURIComponent(reviewId)}/report`;
}

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
export const dateText = (iso: string) => DATE.format(new Date(iso));
