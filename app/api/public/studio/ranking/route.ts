import { apiRoute, methodsNotAllowed, publicJsonBody, publicPreflight } from "@/lib/route-wrappers/api-route";
import { rankingMethodologyJson } from "@/lib/ranking/ranking-methodology";

export const GET = apiRoute({ auth: "public", publicRead: true }, async ({ request }) =>
  publicJsonBody(request, rankingMethodologyJson()),
);

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
