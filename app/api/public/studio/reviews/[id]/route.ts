import { apiRoute, json, methodsNotAllowed, noContent } from "@/lib/route-wrappers/api-route";
import { editReview } from "@/lib/reviews/edit-review";
import { reviewEditSchema } from "@/lib/reviews/review-schemas";
import { reviewTokenQuerySchema } from "@/lib/reviews/review-writing-schemas";
import { withdrawReview } from "@/lib/reviews/withdraw-review";

export const PATCH = apiRoute(
  { auth: "public", query: reviewTokenQuerySchema, body: reviewEditSchema },
  async ({ db, query, body, params }) => {
    const result = await editReview(db, { reviewId: params.id ?? "", token: query.token, edit: body, now: new Date() });
    return json(result, { headers: { "Referrer-Policy": "no-referrer" } });
  },
);

export const DELETE = apiRoute({ auth: "public", query: reviewTokenQuerySchema }, async ({ db, query, params }) => {
  await withdrawReview(db, { reviewId: params.id ?? "", token: query.token, now: new Date() });
  return noContent();
});

export const { GET, POST, PUT } = methodsNotAllowed(["PATCH", "DELETE"]);
