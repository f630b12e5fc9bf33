"use server";

import { revalidatePath } from "next/cache";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { changeInquiryStatus } from "@/lib/inquiries/change-inquiry-status";
import { inquiryStatusActionSchema } from "@/lib/inquiries/schemas";
import type { InquiryView } from "@/lib/inquiries/schemas";

/** The studio's status buttons: OWNER and ADMIN only, on the signed-in person's current provider. */
export const changeInquiryStatusAction = defineAction(
  { name: "inquiries.change-status", input: inquiryStatusActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const inquiry = await changeInquiryStatus(db, {
      providerId: studio.provider.id,
      inquiryId: input.inquiryId,
      status: input.status,
      caller,
    });
    revalidatePath("/studio", "layout");
    return inquiry;
  },
);

export type InquiryStatusState = ActionResult<InquiryView> | null;

/** useActionState form of the action: works as a plain form post without JavaScript. */
export async function changeInquiryStatusFromForm(_previous: InquiryStatusState, form: FormData): Promise<InquiryStatusState> {
  return changeInquiryStatusAction(form);
}
