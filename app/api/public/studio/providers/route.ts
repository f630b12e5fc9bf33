import { apiRoute, methodsNotAllowed, publicJsonBody, publicPreflight } from "@/lib/route-wrappers/api-route";
import { listPublicProvidersJson } from "@/lib/listing-cache/cached-listing";
import { providerListQuerySchema, REPEATABLE_LIST_PARAMS } from "@/lib/public-listing/list-query-schema";

export const GET = apiRoute(
  { auth: "public", query: providerListQuerySchema, repeatableQuery: REPEATABLE_LIST_PARAMS, publicRead: true },
  async ({ request, db, query }) => publicJsonBody(request, await listPublicProvidersJson(db, query)),
);

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
