import { apiRoute, methodsNotAllowed, publicJsonBody, publicPreflight } from "@/lib/api/route";
import { listPublicProvidersJson } from "@/lib/providers/list-public-providers";
import { providerListQuerySchema } from "@/lib/providers/schemas";

export const GET = apiRoute(
  { auth: "public", query: providerListQuerySchema, publicRead: true },
  async ({ request, db, query }) => publicJsonBody(request, await listPublicProvidersJson(db, query)),
);

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
