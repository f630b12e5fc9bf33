"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { resolveListingReport } from "@/lib/listing-reports/resolve-listing-report";
import { listingReportResolveActionSchema } from "@/lib/listing-reports/schemas";

/** The studio's resolve form: OWNER and ADMIN only, on the signed-in person's current provider. */
export const resolveReportAction = defineAction(
  { name: "reports.resolve", input: listingReportResolveActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const report = await resolveListingReport(db, {
      providerId: studio.provider.id,
      reportId: input.reportId,
      action: input.action,
      note: input.note,
      caller,
    });
    revalidatePath("/studio", "layout");
    return report;
  },
);
