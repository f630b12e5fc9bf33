import { apiRoute, json, methodsNotAllowed } from "@/lib/api/route";
import { interestApplicationSchema } from "@/lib/applications/schemas";
import {
  INTEREST_ACCEPTED_MESSAGE,
  submitInterestApplication,
} from "@/lib/applications/submit-interest-application";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";

export const POST = apiRoute(
  { auth: "public", body: interestApplicationSchema },
  async ({ db, body, clientIp }) => {
    await submitInterestApplication(db, { input: body, clientIp });
    kickEmailDispatcher();
    return json({ success: true, message: INTEREST_ACCEPTED_MESSAGE }, { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
