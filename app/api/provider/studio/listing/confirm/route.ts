import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { assertCanWrite } from "@/lib/members/roles";
import { confirmOwnListing } from "@/lib/providers/confirm-own-listing";

/** Confirms the listing's details are current (extensions §6): no body, OWNER or ADMIN, the full listing. */
export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller }) => {
  assertCanWrite(principal.role);
  return json(await confirmOwnListing(db, { providerId: principal.providerId, caller }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
