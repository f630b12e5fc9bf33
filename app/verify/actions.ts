"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { verifyQuerySchema } from "@/lib/applications/schemas";
import { verifyApplication, type VerificationResult } from "@/lib/applications/verify-application";

/** What the verify page shows: nothing yet (null), or the outcome of the confirm button. */
export type VerifyState = ActionResult<VerificationResult> | null;

const verify = defineAction({ name: "verify.confirm", input: verifyQuerySchema }, ({ db, input }) =>
  verifyApplication(db, { token: input.token }),
);

/**
 * The "Confirm my email" button (useActionState, so it also works as a plain form post without
 * JavaScript). The token arrives in a hidden field; opening the link alone changes nothing.
 */
export async function confirmEmail(_previous: VerifyState, form: FormData): Promise<VerifyState> {
  return verify(form);
}
