import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { declineReviewInvitation } from "@/lib/reviews/decline-review-invitation";
import { reviewDeclineSchema, reviewTokenQuerySchema } from "@/lib/reviews/invitation-schemas";

export const POST = apiRoute({ auth: "public", query: reviewTokenQuerySchema, body: reviewDeclineSchema }, async ({ db, query, body }) =>
  json(await declineReviewInvitation(db, { token: query.token, reason: body.reason, now: new Date() }), {
    headers: { "Referrer-Policy": "no-referrer" },
  }),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
