import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { csvStreamResponse } from "@/lib/http/download-response";
import { listInquiries } from "@/lib/inquiries/list-inquiries";
import { inquiryListQuerySchema } from "@/lib/inquiries/schemas";
import { assertCanWrite } from "@/lib/members/roles";
import { inquiriesCsv } from "@/lib/provider-exports/inquiries-csv";

export const GET = apiRoute({ auth: "apiKey", query: inquiryListQuerySchema }, async ({ db, principal, query }) => {
  const { format, ...page } = query;
  if (format === "csv") {
    // A bulk copy of senders' addresses, as the archive is: OWNER and ADMIN only.
    assertCanWrite(principal.role);
    return csvStreamResponse(await inquiriesCsv(db, { providerId: principal.providerId, status: page.status }));
  }
  return json(await listInquiries(db, { providerId: principal.providerId, ...page }));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
