import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { reviewDisputeSchema } from "@/lib/reviews/moderation-schemas";
import { openReviewDispute } from "@/lib/reviews/open-review-dispute";

export const POST = apiRoute({ auth: "apiKey", body: reviewDisputeSchema }, async ({ db, principal, params, body, caller }) =>
  json(
    await openReviewDispute(db, { providerId: principal.providerId, reviewId: params.id ?? "", reason: body.reason, note: body.note, caller }),
    { status: 201 },
  ),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
