"use server";

import { revalidatePath } from "next/cache";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { markEngagement } from "@/lib/inquiries/mark-engagement";
import { inquiryEngagementActionSchema, type InquiryView } from "@/lib/inquiries/schemas";
import { unmarkEngagement } from "@/lib/inquiries/unmark-engagement";

/** The studio's "We worked together" toggle and its undo: OWNER and ADMIN only, on the current provider. */
export const markEngagementAction = defineAction(
  { name: "inquiries.engagement", input: inquiryEngagementActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const params = { providerId: studio.provider.id, inquiryId: input.inquiryId, caller };
    const inquiry = input.engaged ? await markEngagement(db, params) : await unmarkEngagement(db, params);
    revalidatePath("/studio/inquiries", "layout");
    return inquiry;
  },
);

export type EngagementState = ActionResult<InquiryView> | null;

/** useActionState form of the action: works as a plain form post without JavaScript. */
export async function markEngagementFromForm(_previous: EngagementState, form: FormData): Promise<EngagementState> {
  return markEngagementAction(form);
}
