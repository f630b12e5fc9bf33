import { apiRoute, methodsNotAllowed, noContent } from "@/lib/route-wrappers/api-route";
import { removeMember } from "@/lib/members/remove-member";

export const DELETE = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller, params }) => {
  await removeMember(db, { providerId: principal.providerId, memberId: params.id ?? "", caller });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
