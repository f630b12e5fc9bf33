"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { setStudioProviderCookie } from "@/lib/members/studio-context";
import { acceptInvitation } from "@/lib/members/accept-invitation";
import { declineInvitation } from "@/lib/members/decline-invitation";
import { memberRefSchema } from "@/lib/members/schemas";

// Answers to the signed-in person's own invitations: any signed-in person ("user"), since someone
// invited to their first provider has no studio yet. The domain functions only touch their own.

/** Joins the team and makes it the provider the studio acts on, so the studio opens on it. */
export const acceptInvitationAction = defineAction(
  { name: "invitations.accept", input: memberRefSchema, auth: "user" },
  async ({ db, input, user, caller }) => {
    const accepted = await acceptInvitation(db, { userId: user.id, memberId: input.memberId, actor: caller.actor });
    // Same cookie as lib/actions/studio/select-provider.ts.
    await setStudioProviderCookie(accepted.provider.id);
    revalidatePath("/studio", "layout");
    return { providerName: accepted.provider.name, role: accepted.role };
  },
);

export const declineInvitationAction = defineAction(
  { name: "invitations.decline", input: memberRefSchema, auth: "user" },
  async ({ db, input, user, caller }) => {
    await declineInvitation(db, { userId: user.id, memberId: input.memberId, actor: caller.actor });
    revalidatePath("/studio", "layout");
    return { id: input.memberId };
  },
);
