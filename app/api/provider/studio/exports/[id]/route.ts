import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { assertCanWrite } from "@/lib/members/roles";
import { getProviderExport } from "@/lib/provider-exports/get-provider-export";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal, params }) => {
  assertCanWrite(principal.role);
  return json(await getProviderExport(db, { providerId: principal.providerId, exportId: params.id ?? "" }));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
