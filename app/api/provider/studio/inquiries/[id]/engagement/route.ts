import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { markEngagement } from "@/lib/inquiries/mark-engagement";
import { unmarkEngagement } from "@/lib/inquiries/unmark-engagement";

export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, params, caller }) =>
  json(await markEngagement(db, { providerId: principal.providerId, inquiryId: params.id ?? "", caller })),
);

export const DELETE = apiRoute({ auth: "apiKey" }, async ({ db, principal, params, caller }) =>
  json(await unmarkEngagement(db, { providerId: principal.providerId, inquiryId: params.id ?? "", caller })),
);

export const { GET, PUT, PATCH } = methodsNotAllowed(["POST", "DELETE"]);
