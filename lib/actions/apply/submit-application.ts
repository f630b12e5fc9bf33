"use server";

import type { z } from "zod";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { applyFormSchema } from "@/lib/applications/schemas";
import { submitInterestApplication } from "@/lib/applications/submit-interest-application";

export interface ApplicationSent {
  /** The address the confirmation link went to, as stored (normalised). */
  email: string;
}

const apply = defineAction(
  { name: "apply.submit", input: applyFormSchema },
  async ({ db, input, clientIp }): Promise<ApplicationSent> => {
    // The email is queued in the application's transaction; defineAction kicks the dispatcher after it.
    await submitInterestApplication(db, { input, clientIp });
    return { email: input.email };
  },
);

/** The apply form's submit: the same rules and answers as POST /api/public/studio/providers/interest. */
export async function submitApplication(
  input: z.input<typeof applyFormSchema>,
): Promise<ActionResult<ApplicationSent>> {
  return apply(input);
}
