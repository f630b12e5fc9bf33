"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { dismissReportCluster } from "@/lib/listing-reports/dismiss-report-cluster";
import { dismissReportClusterSchema } from "@/lib/listing-reports/schemas";

/** The admin queue's "Dismiss cluster": stops the escalation and dismisses the provider's open reports. */
export const dismissClusterAction = defineAction(
  { name: "admin.reports.dismiss-cluster", input: dismissReportClusterSchema, auth: "admin" },
  async ({ db, input, caller }) => {
    const result = await dismissReportCluster(db, { providerId: input.providerId, caller });
    revalidatePath("/admin/reports");
    return result;
  },
);
