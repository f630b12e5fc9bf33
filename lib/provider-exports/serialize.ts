import type { ProviderExportRow } from "@/db/schema-analytics";
import type { ProviderExportView } from "./schemas";

export function serializeProviderExport(row: ProviderExportRow): ProviderExportView {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}
