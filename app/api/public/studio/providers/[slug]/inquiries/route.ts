import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { inquirySubmissionSchema } from "@/lib/inquiries/schemas";
import { INQUIRY_ACCEPTED_MESSAGE, submitInquiry } from "@/lib/inquiries/submit-inquiry";

export const POST = apiRoute(
  { auth: "public", body: inquirySubmissionSchema },
  async ({ db, body, params, clientIp }) => {
    await submitInquiry(db, { slug: params.slug ?? "", input: body, clientIp });
    return json({ success: true, message: INQUIRY_ACCEPTED_MESSAGE }, { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
