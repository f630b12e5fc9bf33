import { apiRoute, methodsNotAllowed, publicJson, publicPreflight } from "@/lib/api/route";
import { getPublicProvider } from "@/lib/providers/get-public-provider";

export const GET = apiRoute({ auth: "public", publicRead: true }, async ({ request, db, params }) =>
  publicJson(request, await getPublicProvider(db, { slug: params.slug ?? "" })),
);

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
