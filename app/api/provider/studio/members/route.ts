import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { inviteMember } from "@/lib/members/invite-member";
import { listMembers } from "@/lib/members/list-team";
import { inviteMemberSchema } from "@/lib/members/schemas";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal }) =>
  json(await listMembers(db, { providerId: principal.providerId })),
);

export const POST = apiRoute({ auth: "apiKey", body: inviteMemberSchema }, async ({ db, principal, caller, body }) => {
  const member = await inviteMember(db, { providerId: principal.providerId, email: body.email, role: body.role, caller });
  return json(member, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
