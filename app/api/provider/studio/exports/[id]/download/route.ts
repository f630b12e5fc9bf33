import { apiRoute, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { assertCanWrite } from "@/lib/members/roles";
import { readExportArchive } from "@/lib/provider-exports/get-provider-export";
import { zipResponse } from "@/lib/http/download-response";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal, params }) => {
  assertCanWrite(principal.role);
  return zipResponse(await readExportArchive(db, { providerId: principal.providerId, exportId: params.id ?? "" }));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
