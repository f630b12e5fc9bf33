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
 * The "Confirm my email" button (useActionState). The token arrives in a hidden field; opening the
 * link alone changes nothing. Without JavaScript the same function runs behind /verify/confirm.
 */
export async function confirmEmail(_previous: VerifyState, form: FormData): Promise<VerifyState> {
  return verify(form);
}
