"use server";

import type { z } from "zod";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { interestApplicationSchema } from "@/lib/applications/schemas";
import { submitInterestApplication } from "@/lib/applications/submit-interest-application";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";

export interface ApplicationSent {
  /** The address the confirmation link went to, as stored (normalised). */
  email: string;
}

const apply = defineAction(
  { name: "apply.submit", input: interestApplicationSchema },
  async ({ db, input, clientIp }): Promise<ApplicationSent> => {
    await submitInterestApplication(db, { input, clientIp });
    // The email is already queued in the application's transaction; this only delivers it sooner.
    kickEmailDispatcher();
    return { email: input.email };
  },
);

/** The apply form's submit: the same rules and answers as POST /api/public/studio/providers/interest. */
export async function submitApplication(
  input: z.input<typeof interestApplicationSchema>,
): Promise<ActionResult<ApplicationSent>> {
  return apply(input);
}
