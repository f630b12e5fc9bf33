import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { inquiryVerifyQuerySchema } from "@/lib/inquiries/schemas";
import { verifyInquiry } from "@/lib/inquiries/verify-inquiry";

export const POST = apiRoute({ auth: "public", query: inquiryVerifyQuerySchema }, async ({ db, query }) => {
  const result = await verifyInquiry(db, { token: query.token });
  return json(result, { headers: { "Referrer-Policy": "no-referrer" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
