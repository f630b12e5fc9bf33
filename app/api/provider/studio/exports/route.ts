import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { kickExportBuilder } from "@/lib/maintenance/start-export-builder";
import { assertCanWrite } from "@/lib/members/roles";
import { listProviderExports } from "@/lib/provider-exports/get-provider-export";
import { requestProviderExport } from "@/lib/provider-exports/request-provider-export";
import { providerExportRequestSchema } from "@/lib/provider-exports/schemas";

// Exports hold every inquiry's address: OWNER and ADMIN only, reads included.
export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal }) => {
  assertCanWrite(principal.role);
  return json(await listProviderExports(db, { providerId: principal.providerId }));
});

export const POST = apiRoute({ auth: "apiKey", body: providerExportRequestSchema }, async ({ db, principal, caller, body }) => {
  assertCanWrite(principal.role);
  const accepted = await requestProviderExport(db, { providerId: principal.providerId, format: body.format, caller });
  kickExportBuilder();
  return json(accepted, { status: 202 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
