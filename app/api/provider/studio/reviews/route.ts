import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listProviderReviews } from "@/lib/reviews/list-provider-reviews";
import { providerReviewListQuerySchema } from "@/lib/reviews/moderation-schemas";

export const GET = apiRoute({ auth: "apiKey", query: providerReviewListQuerySchema }, async ({ db, principal, query }) =>
  json(await listProviderReviews(db, { providerId: principal.providerId, ...query })),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
