"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { inviteMember } from "@/lib/members/invite-member";
import { leaveProvider } from "@/lib/members/leave-provider";
import { removeMember } from "@/lib/members/remove-member";
import { resendInvitation } from "@/lib/members/resend-invitation";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { changeMemberRoleSchema, inviteMemberSchema, memberRefSchema } from "@/lib/members/schemas";

// The team page's writes. Each checks the caller through its auth mode and again in the domain
// function, which re-reads the caller's role under the team lock (lockTeam). Invitation emails are
// queued in the domain's transaction; defineAction kicks the dispatcher after it.

const TEAM_PATH = "/studio/team";

export const inviteMemberAction = defineAction(
  { name: "team.invite", input: inviteMemberSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const hadAccount = (await findUserByEmail(db, { email: input.email })) !== null;
    const member = await inviteMember(db, {
      providerId: studio.provider.id,
      email: input.email,
      role: input.role,
      caller,
      createAccountIfMissing: true,
    });
    revalidatePath(TEAM_PATH);
    return { id: member.id, email: member.inviteEmail, role: member.role, newAccount: !hadAccount };
  },
);

export const changeMemberRoleAction = defineAction(
  { name: "team.change-role", input: changeMemberRoleSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const member = await changeMemberRole(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      role: input.role,
      caller,
    });
    // The layout shows the viewer's own role, which may just have changed.
    revalidatePath("/studio", "layout");
    return { id: member.id, role: member.role };
  },
);

export const removeMemberAction = defineAction(
  { name: "team.remove", input: memberRefSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    await removeMember(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      caller,
    });
    revalidatePath(TEAM_PATH);
    return { id: input.memberId };
  },
);

export const resendInvitationAction = defineAction(
  { name: "team.resend-invitation", input: memberRefSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const member = await resendInvitation(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      caller,
    });
    revalidatePath(TEAM_PATH);
    return { id: member.id, email: member.inviteEmail };
  },
);

/** Any member leaves the provider the studio acts on; the studio then shows what is left to them. */
export const leaveProviderAction = defineAction(
  { name: "team.leave", input: z.object({}), auth: "studio" },
  async ({ db, studio, caller }) => {
    await leaveProvider(db, { providerId: studio.provider.id, userId: studio.user.id, actor: caller.actor });
    revalidatePath("/studio", "layout");
    return { providerName: studio.provider.name };
  },
);
