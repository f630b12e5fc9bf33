import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { PRIVACY_REQUEST_ACCEPTED_MESSAGE } from "@/lib/privacy/privacy-rules";
import { privacyRequestSubmissionSchema } from "@/lib/privacy/schemas";
import { submitPrivacyRequest } from "@/lib/privacy/submit-privacy-request";

export const POST = apiRoute({ auth: "public", body: privacyRequestSubmissionSchema }, async ({ db, body, clientIp }) => {
  await submitPrivacyRequest(db, { input: body, clientIp });
  // The same bytes for every address: nothing about what is held shows through.
  return json({ success: true, message: PRIVACY_REQUEST_ACCEPTED_MESSAGE }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
