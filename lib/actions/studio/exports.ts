"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { kickExportBuilder } from "@/lib/maintenance/start-export-builder";
import { requestProviderExport } from "@/lib/provider-exports/request-provider-export";
import { providerExportRequestSchema } from "@/lib/provider-exports/schemas";

/** Queues an export of the studio's provider (OWNER and ADMIN); the job builds it within a minute. */
export const requestExportAction = defineAction(
  { name: "exports.request", input: providerExportRequestSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const accepted = await requestProviderExport(db, { providerId: studio.provider.id, format: input.format, caller });
    kickExportBuilder();
    revalidatePath("/studio/export");
    revalidatePath("/studio/activity");
    return accepted;
  },
);
