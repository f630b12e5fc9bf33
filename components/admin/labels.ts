import type { ApplicationStage, ApprovalStatus, ChangeRequestStatus } from "@/db/enums";

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  AWAITING_VERIFICATION: "Awaiting email confirmation",
  IN_REVIEW: "In review",
  APPROVED: "Approved",
  REJECTED: "Rejected",
};

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  PENDING: "Awaiting approval",
  APPROVED: "Approved",
  SUSPENDED: "Suspended",
};

export const CHANGE_REQUEST_LABELS: Record<ChangeRequestStatus, string> = {
  PENDING: "Waiting for review",
  APPROVED: "Approved",
  DECLINED: "Declined",
  WITHDRAWN: "Withdrawn",
};

export const APPROVAL_TONES = { PENDING: "warn", APPROVED: "good", SUSPENDED: "bad" } as const;

/**
 * What the public really sees, for the providers table and a provider's page: a published listing is
 * hidden while the provider is unapproved or suspended.
 */
export function publicVisibility(p: { publicProfile: boolean; approvalStatus: ApprovalStatus }): {
  label: string;
  tone: "good" | "warn" | "neutral";
} {
  if (!p.publicProfile) return { label: "Not published", tone: "neutral" };
  if (p.approvalStatus === "SUSPENDED") return { label: "Hidden (suspended)", tone: "warn" };
  if (p.approvalStatus === "PENDING") return { label: "Hidden (not approved)", tone: "warn" };
  return { label: "Listed", tone: "good" };
}
