import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { editReviewReply } from "@/lib/reviews/edit-review-reply";
import { reviewReplySchema } from "@/lib/reviews/moderation-schemas";
import { replyToReview } from "@/lib/reviews/reply-to-review";

export const POST = apiRoute({ auth: "apiKey", body: reviewReplySchema }, async ({ db, principal, params, body, caller }) =>
  json(await replyToReview(db, { providerId: principal.providerId, reviewId: params.id ?? "", body: body.body, caller }), { status: 201 }),
);

export const PATCH = apiRoute({ auth: "apiKey", body: reviewReplySchema }, async ({ db, principal, params, body, caller }) =>
  json(await editReviewReply(db, { providerId: principal.providerId, reviewId: params.id ?? "", body: body.body, caller })),
);

export const { GET, PUT, DELETE } = methodsNotAllowed(["POST", "PATCH"]);
