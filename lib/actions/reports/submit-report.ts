"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { listingReportFormSchema } from "@/lib/listing-reports/schemas";
import { submitListingReport } from "@/lib/listing-reports/submit-listing-report";

/** The profile's report form: the same rules as POST /public/studio/providers/:slug/reports. */
export const submitReportAction = defineAction(
  { name: "reports.submit", input: listingReportFormSchema, auth: "public" },
  async ({ db, input, clientIp }) => {
    const { slug, ...body } = input;
    await submitListingReport(db, { slug, input: body, clientIp });
    return { emailed: Boolean(body.email) };
  },
);

export type ReportFormState = ActionResult<{ emailed: boolean }> | null;

/** useActionState form of the action: the report form posts here with or without JavaScript. */
export async function submitReportFromForm(_previous: ReportFormState, form: FormData): Promise<ReportFormState> {
  return submitReportAction(form);
}
