import { apiRoute, methodsNotAllowed, noContent } from "@/lib/api/route";
import { actorForApiKey } from "@/lib/api-keys/actor";
import { removeMember } from "@/lib/members/remove-member";

export const DELETE = apiRoute({ auth: "apiKey" }, async ({ db, principal, params, requestId }) => {
  await removeMember(db, {
    providerId: principal.providerId,
    memberId: params.id ?? "",
    actor: actorForApiKey(principal, requestId),
    actorRole: principal.role,
  });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
