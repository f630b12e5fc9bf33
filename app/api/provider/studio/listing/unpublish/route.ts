import { apiRoute, json, methodsNotAllowed } from "@/lib/api/route";
import { actorForApiKey } from "@/lib/api-keys/actor";
import { assertCanWrite } from "@/lib/members/roles";
import { unpublishListing } from "@/lib/providers/set-listing-visibility";

export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, requestId }) => {
  assertCanWrite(principal.role);
  return json(await unpublishListing(db, { providerId: principal.providerId, actor: actorForApiKey(principal, requestId) }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
