import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { assertCanWrite } from "@/lib/members/roles";
import { unpublishListing } from "@/lib/providers/set-listing-visibility";

export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller }) => {
  assertCanWrite(principal.role);
  return json(await unpublishListing(db, { providerId: principal.providerId, caller }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
