import { DELIVERED_INQUIRY_STATUSES, type DeliveredInquiryStatus } from "@/db/enums";
import { csvStreamResponse } from "@/lib/http/download-response";
import { inquiriesCsv } from "@/lib/provider-exports/inquiries-csv";
import { studioDownloadRoute } from "@/lib/route-wrappers/studio-download-route";

// The studio inquiries page's "Download CSV": the same file as GET /provider/studio/inquiries?format=csv.
export const GET = studioDownloadRoute(
  () => "/studio/inquiries",
  async ({ db, studio, request }) => {
    const raw = new URL(request.url).searchParams.get("status");
    const status = DELIVERED_INQUIRY_STATUSES.find((s) => s === raw) as DeliveredInquiryStatus | undefined;
    return csvStreamResponse(await inquiriesCsv(db, { providerId: studio.provider.id, status }));
  },
);
