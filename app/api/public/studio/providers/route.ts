import { apiRoute, methodsNotAllowed, publicJson, publicPreflight } from "@/lib/api/route";
import { listPublicProviders } from "@/lib/providers/list-public-providers";
import { providerListQuerySchema } from "@/lib/providers/schemas";

export const GET = apiRoute(
  { auth: "public", query: providerListQuerySchema, publicRead: true },
  async ({ request, db, query }) => publicJson(request, await listPublicProviders(db, query)),
);

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
