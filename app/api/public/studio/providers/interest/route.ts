import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { interestApplicationSchema } from "@/lib/applications/schemas";
import {
  INTEREST_ACCEPTED_MESSAGE,
  submitInterestApplication,
} from "@/lib/applications/submit-interest-application";

export const POST = apiRoute(
  { auth: "public", body: interestApplicationSchema },
  async ({ db, body, clientIp }) => {
    // The email is queued in the application's transaction; apiRoute kicks the dispatcher after it.
    await submitInterestApplication(db, { input: body, clientIp });
    return json({ success: true, message: INTEREST_ACCEPTED_MESSAGE }, { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
