import type { ReviewRow } from "@/db/schema-reviews";

/** A stored review as the review form holds it (every value a string), for the edit page. */
export function reviewFormDefaults(row: Pick<ReviewRow, "projectStatus" | "overall" | "quality" | "schedule" | "communication" | "value" | "wouldRecommend" | "title" | "body" | "projectSpecialty" | "projectBudget" | "display" | "reviewerName" | "reviewerRole" | "reviewerCompany" | "incentive">): Record<string, string> {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    workedTogether: "true",
    projectStatus: row.projectStatus,
    overall: s(row.overall),
    quality: s(row.quality),
    schedule: s(row.schedule),
    communication: s(row.communication),
    value: s(row.value),
    wouldRecommend: row.wouldRecommend ? "true" : "false",
    title: row.title,
    body: row.body,
    projectSpecialty: s(row.projectSpecialty),
    projectBudget: s(row.projectBudget),
    display: row.display,
    reviewerName: row.reviewerName,
    reviewerRole: s(row.reviewerRole),
    reviewerCompany: s(row.reviewerCompany),
    incentiveChoice: row.incentive ? "RECEIVED" : "NONE",
    incentive: s(row.incentive),
  };
}
