"use server";

import { revalidatePath } from "next/cache";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { resolveListingReport } from "@/lib/listing-reports/resolve-listing-report";
import { listingReportResolveActionSchema, type ListingReportView } from "@/lib/listing-reports/schemas";

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

export type ResolveReportState = ActionResult<ListingReportView> | null;

/** useActionState form of the action: works as a plain form post without JavaScript. */
export async function resolveReportFromForm(_previous: ResolveReportState, form: FormData): Promise<ResolveReportState> {
  return resolveReportAction(form);
}
