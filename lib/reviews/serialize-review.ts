import type { ProviderReviewStatsRow, ReviewRow } from "@/db/schema-reviews";
import { REVIEW_PRIOR_MEAN } from "@/lib/ranking/ranking-formula";
import { REVIEW_STATS_MIN_COUNT } from "./review-rules";
import type { PublicReview, ReviewStats } from "./review-schemas";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** "Ada Lovelace" → "A. L." (what INITIALS shows). */
export function reviewerInitials(name: string): string {
  return name
    .split(/\s+/u)
    .filter(Boolean)
    .map((part) => `${Array.from(part)[0]?.toLocaleUpperCase() ?? ""}.`)
    .join(" ");
}

/**
 * A published review as the public reads it. `reply` is the provider's reply row if any; `disputeOpen`
 * whether a dispute is open now. Never an address or the inquiry's text: the row has neither.
 */
export function serializePublicReview(
  row: ReviewRow,
  extras: { reply: { body: string; createdAt: Date } | null; disputeOpen: boolean },
): PublicReview {
  const showsName = row.display !== "INITIALS";
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    overall: row.overall,
    quality: row.quality,
    schedule: row.schedule,
    communication: row.communication,
    value: row.value,
    wouldRecommend: row.wouldRecommend,
    projectStatus: row.projectStatus,
    projectSpecialty: row.projectSpecialty,
    projectBudget: row.projectBudget,
    reviewer: {
      display: row.display,
      name: showsName ? row.reviewerName : reviewerInitials(row.reviewerName),
      role: row.reviewerRole,
      company: row.display === "NAME_AND_COMPANY" ? row.reviewerCompany : null,
    },
    verification: row.verification,
    underDispute: extras.disputeOpen,
    incentive: row.incentive,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply: extras.reply
      ? {
          body: extras.reply.body,
          createdAt: extras.reply.createdAt.toISOString(),
          toEarlierVersion: row.editedAt !== null && row.editedAt > extras.reply.createdAt,
        }
      : null,
  };
}

type StatsFigures = Pick<
  ProviderReviewStatsRow,
  | "count"
  | "sumOverall"
  | "distribution"
  | "recommendCount"
  | "qualityCount"
  | "qualitySum"
  | "scheduleCount"
  | "scheduleSum"
  | "communicationCount"
  | "communicationSum"
  | "valueCount"
  | "valueSum"
  | "bayesian24m"
>;

const averageOf = (count: number, sum: number) => (count >= REVIEW_STATS_MIN_COUNT ? round2(sum / count) : null);

/** The public figures (extensions §4 `stats`): averages null below 3 ratings; no row is no reviews. */
export function serializeReviewStats(row: StatsFigures | null | undefined): ReviewStats {
  const d = row?.distribution ?? [0, 0, 0, 0, 0];
  const count = row?.count ?? 0;
  return {
    count,
    average: averageOf(count, row?.sumOverall ?? 0),
    distribution: { "1": d[0] ?? 0, "2": d[1] ?? 0, "3": d[2] ?? 0, "4": d[3] ?? 0, "5": d[4] ?? 0 },
    recommendShare: count >= REVIEW_STATS_MIN_COUNT ? Math.round(((row?.recommendCount ?? 0) / count) * 1000) / 1000 : null,
    subRatings: {
      quality: averageOf(row?.qualityCount ?? 0, row?.qualitySum ?? 0),
      schedule: averageOf(row?.scheduleCount ?? 0, row?.scheduleSum ?? 0),
      communication: averageOf(row?.communicationCount ?? 0, row?.communicationSum ?? 0),
      value: averageOf(row?.valueCount ?? 0, row?.valueSum ?? 0),
    },
    bayesian24m: row ? Number(row.bayesian24m) : REVIEW_PRIOR_MEAN,
  };
}
