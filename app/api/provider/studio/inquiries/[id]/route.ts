import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { changeInquiryStatus } from "@/lib/inquiries/change-inquiry-status";
import { inquiryStatusChangeSchema } from "@/lib/inquiries/schemas";

export const PATCH = apiRoute(
  { auth: "apiKey", body: inquiryStatusChangeSchema },
  async ({ db, principal, params, body, caller }) =>
    json(
      await changeInquiryStatus(db, {
        providerId: principal.providerId,
        inquiryId: params.id ?? "",
        status: body.status,
        caller,
      }),
    ),
);

export const { GET, POST, PUT, DELETE } = methodsNotAllowed(["PATCH"]);
