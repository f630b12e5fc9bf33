"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { inviteMember } from "@/lib/members/invite-member";
import { leaveProvider } from "@/lib/members/leave-provider";
import { removeMember } from "@/lib/members/remove-member";
import { resendInvitation } from "@/lib/members/resend-invitation";
import { changeMemberRoleSchema, inviteMemberSchema, memberRefSchema } from "@/lib/members/schemas";

// The team page's writes. Each checks the caller through its auth mode and again in the domain
// function, which re-reads the caller's role under the provider lock (actorMemberId).

const TEAM_PATH = "/studio/team";

export const inviteMemberAction = defineAction(
  { name: "team.invite", input: inviteMemberSchema, auth: "studio-write" },
  async ({ db, input, studio, actor }) => {
    const member = await inviteMember(db, {
      providerId: studio.provider.id,
      email: input.email,
      role: input.role,
      actor,
      actorRole: studio.member.role,
      actorMemberId: studio.member.id,
    });
    kickEmailDispatcher();
    revalidatePath(TEAM_PATH);
    return { id: member.id, email: member.inviteEmail, role: member.role };
  },
);

export const changeMemberRoleAction = defineAction(
  { name: "team.change-role", input: changeMemberRoleSchema, auth: "studio-write" },
  async ({ db, input, studio, actor }) => {
    const member = await changeMemberRole(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      role: input.role,
      actor,
      actorRole: studio.member.role,
      actorMemberId: studio.member.id,
    });
    // The layout shows the viewer's own role, which may just have changed.
    revalidatePath("/studio", "layout");
    return { id: member.id, role: member.role };
  },
);

export const removeMemberAction = defineAction(
  { name: "team.remove", input: memberRefSchema, auth: "studio-write" },
  async ({ db, input, studio, actor }) => {
    await removeMember(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      actor,
      actorRole: studio.member.role,
      actorMemberId: studio.member.id,
    });
    revalidatePath(TEAM_PATH);
    return { id: input.memberId };
  },
);

export const resendInvitationAction = defineAction(
  { name: "team.resend-invitation", input: memberRefSchema, auth: "studio-write" },
  async ({ db, input, studio, actor }) => {
    const member = await resendInvitation(db, {
      providerId: studio.provider.id,
      memberId: input.memberId,
      actor,
      actorRole: studio.member.role,
      actorMemberId: studio.member.id,
    });
    kickEmailDispatcher();
    revalidatePath(TEAM_PATH);
    return { id: member.id, email: member.inviteEmail };
  },
);

/** Any member leaves the provider the studio acts on; the studio then shows what is left to them. */
export const leaveProviderAction = defineAction(
  { name: "team.leave", input: z.object({}), auth: "studio" },
  async ({ db, studio, actor }) => {
    await leaveProvider(db, { providerId: studio.provider.id, userId: studio.user.id, actor });
    revalidatePath("/studio", "layout");
    return { providerName: studio.provider.name };
  },
);
