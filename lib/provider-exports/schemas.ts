import { z } from "@/lib/validation/zod";
import { PROVIDER_EXPORT_FORMATS, PROVIDER_EXPORT_STATUSES } from "@/db/enums";

/** Body of POST /provider/studio/exports and the studio's export form. */
export const providerExportRequestSchema = z
  .strictObject({
    format: z
      .enum(PROVIDER_EXPORT_FORMATS, { error: `format must be one of: ${PROVIDER_EXPORT_FORMATS.join(", ")}` })
      .meta({ description: "The tables' format inside the zip; listing.json is JSON either way" }),
  })
  .meta({ id: "ProviderExportRequest" });

const isoDate = z.string().meta({ description: "ISO 8601 UTC" });

/** An export as GET /provider/studio/exports/:id answers it. */
export const providerExportViewSchema = z
  .object({
    id: z.string(),
    format: z.enum(PROVIDER_EXPORT_FORMATS),
    status: z.enum(PROVIDER_EXPORT_STATUSES),
    createdAt: isoDate,
    readyAt: isoDate.nullable(),
    expiresAt: isoDate.nullable(),
    sizeBytes: z.number().int().nullable(),
  })
  .meta({ id: "ProviderExport" });
export type ProviderExportView = z.output<typeof providerExportViewSchema>;

export const providerExportAcceptedSchema = z
  .object({ id: z.string(), status: z.literal("PENDING") })
  .meta({ id: "ProviderExportAccepted" });

export const providerExportListSchema = z
  .object({ data: z.array(providerExportViewSchema) })
  .meta({ id: "ProviderExportList" });
export type ProviderExportList = z.output<typeof providerExportListSchema>;
