import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerExports, type ProviderExportRow } from "@/db/schema-analytics";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";
import type { ProviderExportList, ProviderExportView } from "./schemas";
import { serializeProviderExport } from "./serialize";

const HISTORY_LIMIT = 20;

/** One export of this provider; another provider's, or none, is the same NOT_FOUND. */
export async function findProviderExport(db: Db, params: { providerId: string; exportId: string }): Promise<ProviderExportRow> {
  const [row] = isUuid(params.exportId)
    ? await db
        .select()
        .from(providerExports)
        .where(and(eq(providerExports.id, params.exportId), eq(providerExports.providerId, params.providerId)))
        .limit(1)
    : [];
  if (!row) throw new AppError("NOT_FOUND", "No export of this provider has that id.");
  return row;
}

export async function getProviderExport(db: Db, params: { providerId: string; exportId: string }): Promise<ProviderExportView> {
  return serializeProviderExport(await findProviderExport(db, params));
}

/** The provider's latest exports, newest first (the studio's history and GET /provider/studio/exports). */
export async function listProviderExports(db: Db, params: { providerId: string }): Promise<ProviderExportList> {
  const rows = await db
    .select()
    .from(providerExports)
    .where(eq(providerExports.providerId, params.providerId))
    .orderBy(desc(providerExports.createdAt), desc(providerExports.id))
    .limit(HISTORY_LIMIT);
  return { data: rows.map(serializeProviderExport) };
}

/** The zip of a READY export: 410 once expired (whether or not the job has cleared it yet), 409 before it is ready. */
export async function readExportArchive(
  db: Db,
  params: { providerId: string; exportId: string; now?: Date },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await findProviderExport(db, params);
  const now = params.now ?? new Date();
  const expired = row.status === "EXPIRED" || (row.status === "READY" && row.expiresAt !== null && row.expiresAt <= now);
  if (expired) throw new AppError("EXPORT_EXPIRED", "This export's file was deleted 7 days after it was made; start a new export.");
  if (row.status !== "READY" || !row.archive) {
    throw new AppError("CONFLICT", row.status === "FAILED" ? "This export failed; start a new one." : "This export is not ready yet.");
  }
  const day = row.createdAt.toISOString().slice(0, 10);
  return { bytes: row.archive, filename: `provider-export-${day}-${row.id.slice(0, 8)}.zip` };
}
