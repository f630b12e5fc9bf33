"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { changeRequestDecisionInputSchema } from "@/lib/providers/admin-schemas";
import { decideChangeRequest } from "@/lib/change-requests/decide-change-request";

/** Approves (applies the new name or slug) or declines, with a note, a change asked for in the studio. */
export const decideChangeRequestAction = defineAction(
  { name: "admin.change-request.decide", input: changeRequestDecisionInputSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await decideChangeRequest(db, { ...input, actor: caller.actor });
    revalidatePath("/admin/change-requests");
    revalidatePath("/admin/providers");
    return result;
  },
);
