import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listingReportSubmissionSchema } from "@/lib/listing-reports/schemas";
import { submitListingReport } from "@/lib/listing-reports/submit-listing-report";

export const POST = apiRoute(
  { auth: "public", body: listingReportSubmissionSchema },
  async ({ db, body, params, clientIp }) => {
    await submitListingReport(db, { slug: params.slug ?? "", input: body, clientIp });
    return json({ success: true }, { status: 202 });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
