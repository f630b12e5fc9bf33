"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { reviewReportFormSchema } from "@/lib/reviews/report-schemas";
import { submitReviewReport } from "@/lib/reviews/submit-review-report";

/** The review report page's form: the same rules as POST /public/studio/reviews/:id/reports. */
export const reportReviewAction = defineAction(
  { name: "reviews.report", input: reviewReportFormSchema, auth: "public" },
  async ({ db, input, clientIp }) => {
    const { reviewId, ...body } = input;
    await submitReviewReport(db, { reviewId, input: body, clientIp });
    return { reported: true as const };
  },
);

export type ReviewReportFormState = ActionResult<{ reported: true }> | null;

/** useActionState form of the action: the report form posts here with or without JavaScript. */
export async function reportReviewFromForm(_previous: ReviewReportFormState, form: FormData): Promise<ReviewReportFormState> {
  return reportReviewAction(form);
}
