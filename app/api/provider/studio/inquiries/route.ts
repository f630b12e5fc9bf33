import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listInquiries } from "@/lib/inquiries/list-inquiries";
import { inquiryListQuerySchema } from "@/lib/inquiries/schemas";

export const GET = apiRoute({ auth: "apiKey", query: inquiryListQuerySchema }, async ({ db, principal, query }) =>
  json(await listInquiries(db, { providerId: principal.providerId, ...query })),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
