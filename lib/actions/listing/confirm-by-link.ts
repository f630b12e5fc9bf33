"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { confirmListingByToken, type ConfirmByTokenResult } from "@/lib/freshness/confirm-listing-by-token";
import { confirmLinkFormSchema } from "@/lib/freshness/schemas";

/** What the confirm-link page shows: nothing yet (null), or the outcome of its button. */
export type ConfirmLinkState = ActionResult<ConfirmByTokenResult> | null;

// No revalidatePath: it would re-render this page, whose token is used by then, over the answer. The
// public pages follow the listing's version (lib/listing-cache), moved by the confirmation itself.
const confirm = defineAction({ name: "listing.confirm-by-link", input: confirmLinkFormSchema }, ({ db, input }) =>
  confirmListingByToken(db, { token: input.token, now: new Date() }),
);

/**
 * The "Confirm the details are current" button of an emailed link (useActionState). The token arrives
 * in a hidden field; opening the link changes nothing. It needs no sign-in because it can only confirm.
 * Without JavaScript the same function runs behind /listing/confirm/send.
 */
export async function confirmListingByLink(_previous: ConfirmLinkState, form: FormData): Promise<ConfirmLinkState> {
  return confirm(form);
}
