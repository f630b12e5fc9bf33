import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { resolveListingReport } from "@/lib/listing-reports/resolve-listing-report";
import { listingReportResolveSchema } from "@/lib/listing-reports/schemas";

export const POST = apiRoute(
  { auth: "apiKey", body: listingReportResolveSchema },
  async ({ db, principal, params, body, caller }) =>
    json(
      await resolveListingReport(db, {
        providerId: principal.providerId,
        reportId: params.id ?? "",
        action: body.action,
        note: body.note,
        caller,
      }),
    ),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
