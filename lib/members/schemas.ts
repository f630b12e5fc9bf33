import { z } from "@/lib/validation/zod";
import { INVITE_STATUSES, MEMBER_ROLES } from "@/db/enums";
import { emailSchema } from "@/lib/validation/primitives";

/** How long an invitation stays valid after it is sent or resent. Here so the studio's copy can say it too. */
export const INVITATION_TTL_DAYS = 7;

/** Body of POST /provider/studio/members. */
export const inviteMemberSchema = z
  .object({
    email: emailSchema,
    role: z.enum(MEMBER_ROLES, { error: `Role must be one of: ${MEMBER_ROLES.join(", ")}` }).default("MEMBER"),
  })
  .meta({ id: "MemberInvite" });
export type InviteMemberInput = z.output<typeof inviteMemberSchema>;

export const memberSchema = z
  .object({
    id: z.string(),
    providerSlug: z.string(),
    role: z.enum(MEMBER_ROLES),
    inviteStatus: z.enum(INVITE_STATUSES),
    inviteEmail: z.string(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    createdAt: z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" }),
  })
  .meta({ id: "Member" });

// Studio-only inputs (server actions); the API has no endpoint for these.
const memberIdSchema = z.guid({ error: "Choose a member of the team" });

/** One member or invitation of the team, or one of the signed-in person's invitations. */
export const memberRefSchema = z.object({ memberId: memberIdSchema });

export const changeMemberRoleSchema = z.object({
  memberId: memberIdSchema,
  role: z.enum(MEMBER_ROLES, { error: `Role must be one of: ${MEMBER_ROLES.join(", ")}` }),
});
