import { z } from "@/lib/validation/zod";
import { PROVIDER_NOTICE_KINDS } from "@/db/enums";
import { pageQueryShape } from "@/lib/validation/page-query";
import { publicReviewSchema, reviewStatsSchema } from "./review-schemas";

// What the public reads about reviews (extensions §4): the query and answer of
// GET /public/studio/providers/:slug/reviews, and the notices a profile carries.

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_LIST_DEFAULT_LIMIT = 10;
export const REVIEW_LIST_MAX_LIMIT = 50;
/** Far beyond any provider's reviews; keeps OFFSET bounded. */
const REVIEW_LIST_MAX_PAGE = 10_000;

/** Query of GET /public/studio/providers/:slug/reviews and of the /providers/:slug/reviews page. */
export const reviewListQuerySchema = z.object({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of: ${REVIEW_SORTS.join(", ")}` })
    .optional()
    .transform((v) => v ?? "newest")
    .meta({ description: "newest (default), highest or lowest overall rating; ties newest first" }),
  ...pageQueryShape({ maxPage: REVIEW_LIST_MAX_PAGE, maxPageSize: REVIEW_LIST_MAX_LIMIT, defaultPageSize: REVIEW_LIST_DEFAULT_LIMIT }),
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const reviewListSchema = z
  .object({
    data: z.array(publicReviewSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    stats: reviewStatsSchema,
  })
  .meta({ id: "ReviewList" });
export type ReviewList = z.output<typeof reviewListSchema>;

/** An admin's public notice on a profile, shown while it is active (not removed, endsAt in the future). */
export const providerNoticeSchema = z
  .object({
    kind: z.enum(PROVIDER_NOTICE_KINDS),
    body: z.string(),
    since: z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z", description: "When the notice was added" }),
  })
  .meta({ id: "ProviderNotice" });
export type ProviderNotice = z.output<typeof providerNoticeSchema>;
