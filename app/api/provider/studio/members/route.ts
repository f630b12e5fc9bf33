import { apiRoute, json, methodsNotAllowed } from "@/lib/api/route";
import { actorForApiKey } from "@/lib/api-keys/actor";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { inviteMember } from "@/lib/members/invite-member";
import { listMembers } from "@/lib/members/list-members";
import { inviteMemberSchema } from "@/lib/members/schemas";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal }) =>
  json(await listMembers(db, { providerId: principal.providerId })),
);

export const POST = apiRoute({ auth: "apiKey", body: inviteMemberSchema }, async ({ db, principal, body, requestId }) => {
  const member = await inviteMember(db, {
    providerId: principal.providerId,
    email: body.email,
    role: body.role,
    actor: actorForApiKey(principal, requestId),
    actorRole: principal.role,
  });
  kickEmailDispatcher();
  return json(member, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
