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
