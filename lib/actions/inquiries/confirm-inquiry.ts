"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { inquiryVerifyQuerySchema } from "@/lib/inquiries/schemas";
import { verifyInquiry, type InquiryVerificationResult } from "@/lib/inquiries/verify-inquiry";

/** What the inquiry confirmation page shows: nothing yet (null), or the outcome of its button. */
export type ConfirmInquiryState = ActionResult<InquiryVerificationResult> | null;

const confirm = defineAction({ name: "inquiries.confirm", input: inquiryVerifyQuerySchema }, ({ db, input }) =>
  verifyInquiry(db, { token: input.token }),
);

/**
 * The "Send my message" button (useActionState). The token arrives in a hidden field; opening the link
 * alone changes nothing. Without JavaScript the same function runs behind /inquiries/confirm/send.
 */
export async function confirmInquiry(_previous: ConfirmInquiryState, form: FormData): Promise<ConfirmInquiryState> {
  return confirm(form);
}
