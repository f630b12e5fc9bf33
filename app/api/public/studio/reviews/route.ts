import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { reviewSubmissionSchema } from "@/lib/reviews/review-schemas";
import { reviewTokenQuerySchema } from "@/lib/reviews/review-writing-schemas";
import { submitReview } from "@/lib/reviews/submit-review";

export const POST = apiRoute(
  { auth: "public", query: reviewTokenQuerySchema, body: reviewSubmissionSchema },
  async ({ db, query, body }) => {
    const result = await submitReview(db, { token: query.token, input: body, now: new Date() });
    return json(result, { status: 201, headers: { "Referrer-Policy": "no-referrer" } });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
