import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, providerChangeRequests, providerMembers } from "@/db/schema";
import { approveApplicationAction, rejectApplicationAction } from "@/lib/actions/admin/applications";
import { decideChangeRequestAction } from "@/lib/actions/admin/change-requests";
import { setProviderApprovalAction, setProviderFeaturedAction } from "@/lib/actions/admin/providers";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/actions/studio/invitations";
import {
  changeMemberRoleAction,
  inviteMemberAction,
  leaveProviderAction,
  removeMemberAction,
  resendInvitationAction,
} from "@/lib/actions/studio/team";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { adminOnly, call, signedOut, studioWrite, type ActionCase } from "./action-outcomes";
import type { World } from "./authorization-world";

// The team page's, the invitations' and the admin console's actions (see action-registry.ts).

const TEAM = "lib/actions/studio/team.ts";
const INVITATIONS = "lib/actions/studio/invitations.ts";

async function freshMember(db: Db, w: World, role: "MEMBER" | "OWNER" = "MEMBER", inviteStatus: "PENDING" | "ACCEPTED" = "ACCEPTED") {
  return (await makeMember(db, { provider: w.a, role, inviteStatus })).member.id;
}

/** Someone else's invitation to A: no principal may answer it. */
async function strangersInvitation(db: Db, w: World) {
  return freshMember(db, w, "MEMBER", "PENDING");
}

export const TEAM_CASES: ActionCase[] = [
  {
    name: "team.invite (a MEMBER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db) => {
      const email = (await makeUser(db)).email;
      return () => call(inviteMemberAction, { email, role: "MEMBER" });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "team.invite (an OWNER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db) => {
      const email = (await makeUser(db)).email;
      return () => call(inviteMemberAction, { email, role: "OWNER" });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "FORBIDDEN", OWNER: "ok" }),
  },
  {
    name: "team.change-role (A's MEMBER to ADMIN)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db, w) => {
      const memberId = await freshMember(db, w);
      return () => call(changeMemberRoleAction, { memberId, role: "ADMIN" });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "team.change-role (A's MEMBER to OWNER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db, w) => {
      const memberId = await freshMember(db, w);
      return () => call(changeMemberRoleAction, { memberId, role: "OWNER" });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "FORBIDDEN", OWNER: "ok" }),
  },
  {
    name: "team.remove (A's MEMBER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db, w) => {
      const memberId = await freshMember(db, w);
      return () => call(removeMemberAction, { memberId });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "team.remove (A's second OWNER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db, w) => {
      const memberId = await freshMember(db, w, "OWNER");
      return () => call(removeMemberAction, { memberId });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "FORBIDDEN", OWNER: "ok" }),
  },
  {
    name: "team.resend-invitation (A's pending MEMBER)",
    file: TEAM,
    auth: "studio-write",
    prepare: async (db, w) => {
      const memberId = await freshMember(db, w, "MEMBER", "PENDING");
      return () => call(resendInvitationAction, { memberId });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "team.leave",
    file: TEAM,
    auth: "studio",
    prepare: async (db, w) => {
      // A keeps a second accepted owner, so A's OWNER may leave; B's owner is B's last.
      await freshMember(db, w, "OWNER");
      return () => call(leaveProviderAction, {});
    },
    expected: signedOut({ "other provider": "LAST_OWNER", MEMBER: "ok", ADMIN: "ok", OWNER: "ok", "platform admin": "FORBIDDEN" }),
    cleanup: async (db, w) => {
      const ids = Object.values(w.memberIds);
      await db.update(providerMembers).set({ revokedAt: null }).where(inArray(providerMembers.id, ids));
    },
  },
  {
    name: "invitations.accept (someone else's invitation)",
    file: INVITATIONS,
    auth: "user",
    prepare: async (db, w) => {
      const memberId = await strangersInvitation(db, w);
      return () => call(acceptInvitationAction, { memberId });
    },
    expected: signedOut({ "other provider": "NOT_FOUND", MEMBER: "NOT_FOUND", ADMIN: "NOT_FOUND", OWNER: "NOT_FOUND", "platform admin": "NOT_FOUND" }),
  },
  {
    name: "invitations.decline (someone else's invitation)",
    file: INVITATIONS,
    auth: "user",
    prepare: async (db, w) => {
      const memberId = await strangersInvitation(db, w);
      return () => call(declineInvitationAction, { memberId });
    },
    expected: signedOut({ "other provider": "NOT_FOUND", MEMBER: "NOT_FOUND", ADMIN: "NOT_FOUND", OWNER: "NOT_FOUND", "platform admin": "NOT_FOUND" }),
  },
];

async function applicationInReview(db: Db) {
  const token = createVerificationToken();
  const [row] = await db
    .insert(interestApplications)
    .values({
      fullName: "Matrix Reviewee",
      email: `review-${randomUUID().slice(0, 8)}@example.com`,
      description: "An application in review for the matrix.",
      tokenHash: token.hash,
      tokenExpiresAt: token.expiresAt,
      stage: "IN_REVIEW",
      verifiedAt: new Date(),
    })
    .returning({ id: interestApplications.id });
  return row!.id;
}

export const ADMIN_CASES: ActionCase[] = [
  {
    name: "admin.application.approve",
    file: "lib/actions/admin/applications.ts",
    auth: "admin",
    prepare: async (db) => {
      const applicationId = await applicationInReview(db);
      return () => call(approveApplicationAction, { applicationId });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.application.reject",
    file: "lib/actions/admin/applications.ts",
    auth: "admin",
    prepare: async (db) => {
      const applicationId = await applicationInReview(db);
      return () => call(rejectApplicationAction, { applicationId, reason: "Not a fit for the matrix." });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.provider.set-featured",
    file: "lib/actions/admin/providers.ts",
    auth: "admin",
    prepare: async (db) => {
      const providerId = (await makeProvider(db)).id;
      return () => call(setProviderFeaturedAction, { providerId, featured: true });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.provider.set-approval",
    file: "lib/actions/admin/providers.ts",
    auth: "admin",
    prepare: async (db) => {
      const providerId = (await makeProvider(db)).id;
      return () => call(setProviderApprovalAction, { providerId, status: "SUSPENDED", note: "Matrix" });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.change-request.decide",
    file: "lib/actions/admin/change-requests.ts",
    auth: "admin",
    prepare: async (db) => {
      const provider = await makeProvider(db);
      const [row] = await db
        .insert(providerChangeRequests)
        .values({ providerId: provider.id, field: "NAME", currentValue: provider.name, requestedValue: "Matrix Renamed" })
        .returning({ id: providerChangeRequests.id });
      return () => call(decideChangeRequestAction, { changeRequestId: row!.id, decision: "DECLINE", note: "Matrix says no." });
    },
    expected: adminOnly(),
  },
];
