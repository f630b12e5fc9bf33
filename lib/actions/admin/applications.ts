"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { approveApplication } from "@/lib/applications/approve-application";
import { rejectApplication } from "@/lib/applications/reject-application";
import { approveApplicationInputSchema, rejectApplicationInputSchema } from "@/lib/applications/schemas";

/** Approves an application in review: provider, OWNER membership and approval email in one transaction. */
export const approveApplicationAction = defineAction(
  { name: "admin.application.approve", input: approveApplicationInputSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await approveApplication(db, { applicationId: input.applicationId, actor: caller.actor });
    revalidatePath("/admin/applications");
    return result;
  },
);

/** Rejects an application in review with a reason, which the rejection email quotes. */
export const rejectApplicationAction = defineAction(
  { name: "admin.application.reject", input: rejectApplicationInputSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await rejectApplication(db, { applicationId: input.applicationId, reason: input.reason, actor: caller.actor });
    revalidatePath("/admin/applications");
    return result;
  },
);
