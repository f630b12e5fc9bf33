import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { assertCanWrite } from "@/lib/members/roles";
import { getListing } from "@/lib/providers/get-listing";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { updateListing } from "@/lib/providers/update-listing";

// GET is an extension of the interface: a client can read its own listing, published or not.
export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal }) =>
  json(await getListing(db, { providerId: principal.providerId })),
);

export const PATCH = apiRoute({ auth: "apiKey", body: listingUpdateSchema }, async ({ db, principal, caller, body }) => {
  assertCanWrite(principal.role);
  return json(await updateListing(db, { providerId: principal.providerId, changes: body, caller }));
});

export const { POST, PUT, DELETE } = methodsNotAllowed(["GET", "PATCH"]);
