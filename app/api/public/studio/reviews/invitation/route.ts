import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { getReviewInvitation } from "@/lib/reviews/get-review-invitation";
import { reviewTokenQuerySchema } from "@/lib/reviews/invitation-schemas";

export const GET = apiRoute({ auth: "public", query: reviewTokenQuerySchema }, async ({ db, query }) =>
  json(await getReviewInvitation(db, { token: query.token, now: new Date() }), {
    headers: { "Referrer-Policy": "no-referrer" },
  }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
