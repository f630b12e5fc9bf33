import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { confirmPrivacyRequest } from "@/lib/privacy/confirm-privacy-request";
import { privacyConfirmQuerySchema } from "@/lib/privacy/schemas";

export const POST = apiRoute({ auth: "public", query: privacyConfirmQuerySchema }, async ({ db, query }) => {
  const result = await confirmPrivacyRequest(db, { token: query.token });
  return json(result, { headers: { "Referrer-Policy": "no-referrer" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
