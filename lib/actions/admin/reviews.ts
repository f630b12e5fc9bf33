"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { addProviderNotice } from "@/lib/reviews/add-provider-notice";
import { closeReviewReport } from "@/lib/reviews/close-review-report";
import { decideReviewDispute } from "@/lib/reviews/decide-review-dispute";
import {
  addProviderNoticeSchema,
  closeReviewReportSchema,
  decideDisputeSchema,
  publishHeldReviewSchema,
  removeProviderNoticeSchema,
  reviewDecisionSchema,
} from "@/lib/reviews/moderation-schemas";
import { publishHeldReview } from "@/lib/reviews/publish-held-review";
import { rejectHeldReview } from "@/lib/reviews/reject-held-review";
import { removeProviderNotice } from "@/lib/reviews/remove-provider-notice";
import { removeReview } from "@/lib/reviews/remove-review";

// The console's review moderation (/admin/reviews): platform admins only. Every decision locks its
// row; a second decision answers CONFLICT ("already decided"), which the page shows as such.

const PAGE = "/admin/reviews";

export const publishHeldReviewAction = defineAction(
  { name: "admin.reviews.publish", input: publishHeldReviewSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await publishHeldReview(db, { reviewId: input.reviewId, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const rejectHeldReviewAction = defineAction(
  { name: "admin.reviews.reject", input: reviewDecisionSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await rejectHeldReview(db, { ...input, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const removeReviewAction = defineAction(
  { name: "admin.reviews.remove", input: reviewDecisionSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await removeReview(db, { ...input, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const decideReviewDisputeAction = defineAction(
  { name: "admin.reviews.decide-dispute", input: decideDisputeSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await decideReviewDispute(db, { ...input, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const closeReviewReportAction = defineAction(
  { name: "admin.reviews.close-report", input: closeReviewReportSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await closeReviewReport(db, { reportId: input.reportId, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const addProviderNoticeAction = defineAction(
  { name: "admin.reviews.add-notice", input: addProviderNoticeSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await addProviderNotice(db, { ...input, caller });
    revalidatePath(PAGE);
    return result;
  },
);

export const removeProviderNoticeAction = defineAction(
  { name: "admin.reviews.remove-notice", input: removeProviderNoticeSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await removeProviderNotice(db, { noticeId: input.noticeId, caller });
    revalidatePath(PAGE);
    return result;
  },
);
