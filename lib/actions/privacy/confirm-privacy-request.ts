"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { confirmPrivacyRequest } from "@/lib/privacy/confirm-privacy-request";
import { privacyConfirmQuerySchema, type PrivacyConfirmResult } from "@/lib/privacy/schemas";

/** What the privacy confirm page shows: nothing yet (null), or the outcome of its button. */
export type ConfirmPrivacyState = ActionResult<PrivacyConfirmResult> | null;

export const confirmPrivacyAction = defineAction({ name: "privacy.confirm", input: privacyConfirmQuerySchema }, ({ db, input }) =>
  confirmPrivacyRequest(db, { token: input.token }),
);

/**
 * The confirm page's button (useActionState). The token arrives in a hidden field; opening the link
 * alone changes nothing. Without JavaScript the same function runs behind /privacy/confirm/send.
 */
export async function confirmPrivacyFromForm(_previous: ConfirmPrivacyState, form: FormData): Promise<ConfirmPrivacyState> {
  return confirmPrivacyAction(form);
}
