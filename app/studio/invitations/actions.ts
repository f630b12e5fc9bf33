"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { STUDIO_PROVIDER_COOKIE } from "@/lib/auth/studio-context";
import { acceptInvitation } from "@/lib/members/accept-invitation";
import { declineInvitation } from "@/lib/members/decline-invitation";
import { memberRefSchema } from "@/lib/members/schemas";

// Answers to the signed-in person's own invitations: any signed-in person ("user"), since someone
// invited to their first provider has no studio yet. The domain functions only touch their own.

/** Joins the team and makes it the provider the studio acts on, so the studio opens on it. */
export const acceptInvitationAction = defineAction(
  { name: "invitations.accept", input: memberRefSchema, auth: "user" },
  async ({ db, input, user, actor }) => {
    const accepted = await acceptInvitation(db, { userId: user.id, memberId: input.memberId, actor });
    // Same cookie as app/studio/actions.ts selectProvider.
    (await cookies()).set(STUDIO_PROVIDER_COOKIE, accepted.provider.id, {
      httpOnly: true,
      sameSite: "lax",
      secure: process.env.NODE_ENV === "production" && new URL(process.env.NEXTAUTH_URL ?? "http://x").protocol === "https:",
      path: "/",
      maxAge: 365 * 24 * 3600,
    });
    revalidatePath("/studio", "layout");
    return { providerName: accepted.provider.name, role: accepted.role };
  },
);

export const declineInvitationAction = defineAction(
  { name: "invitations.decline", input: memberRefSchema, auth: "user" },
  async ({ db, input, user, actor }) => {
    await declineInvitation(db, { userId: user.id, memberId: input.memberId, actor });
    revalidatePath("/studio", "layout");
    return { id: input.memberId };
  },
);
