import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { verifyQuerySchema } from "@/lib/applications/schemas";
import { verifyApplication } from "@/lib/applications/verify-application";

export const POST = apiRoute({ auth: "public", query: verifyQuerySchema }, async ({ db, query }) =>
  json(await verifyApplication(db, { token: query.token }), {
    headers: { "Referrer-Policy": "no-referrer" },
  }),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
