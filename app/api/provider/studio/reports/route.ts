import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listListingReports } from "@/lib/listing-reports/list-listing-reports";
import { listingReportListQuerySchema } from "@/lib/listing-reports/schemas";

export const GET = apiRoute({ auth: "apiKey", query: listingReportListQuerySchema }, async ({ db, principal, query }) =>
  json(await listListingReports(db, { providerId: principal.providerId, ...query })),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
