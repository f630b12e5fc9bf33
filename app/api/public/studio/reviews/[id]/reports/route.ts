import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { reviewReportSubmissionSchema } from "@/lib/reviews/report-schemas";
import { submitReviewReport } from "@/lib/reviews/submit-review-report";

export const POST = apiRoute({ auth: "public", body: reviewReportSubmissionSchema }, async ({ db, body, params, clientIp }) => {
  await submitReviewReport(db, { reviewId: params.id ?? "", input: body, clientIp });
  return json({ success: true }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
