"use server";

import { revalidatePath } from "next/cache";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { confirmListingByToken, type ConfirmByTokenResult } from "@/lib/freshness/confirm-listing-by-token";
import { confirmLinkFormSchema } from "@/lib/freshness/schemas";

/** What the confirm-link page shows: nothing yet (null), or the outcome of its button. */
export type ConfirmLinkState = ActionResult<ConfirmByTokenResult> | null;

const confirm = defineAction({ name: "listing.confirm-by-link", input: confirmLinkFormSchema }, async ({ db, input }) => {
  const result = await confirmListingByToken(db, { token: input.token, now: new Date() });
  revalidatePath("/providers");
  revalidatePath(`/providers/${result.slug}`);
  revalidatePath("/studio/listing");
  return result;
});

/**
 * The "Confirm the details are current" button of an emailed link (useActionState). The token arrives
 * in a hidden field; opening the link changes nothing. It needs no sign-in because it can only confirm.
 * Without JavaScript the same function runs behind /listing/confirm/send.
 */
export async function confirmListingByLink(_previous: ConfirmLinkState, form: FormData): Promise<ConfirmLinkState> {
  return confirm(form);
}
