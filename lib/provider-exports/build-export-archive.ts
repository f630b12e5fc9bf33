import { strToU8, zipSync, type Zippable } from "fflate";
import type { Db } from "@/db/client";
import type { ProviderExportFormat } from "@/db/enums";
import { PRODUCT } from "@/lib/email/layout";
import { getListing } from "@/lib/providers/get-listing";
import { tableToCsv, tableToJson } from "./csv";
import { EXPORT_AUDIT_MONTHS, EXPORT_SCHEMA_VERSION } from "./export-rules";
import { exportTables } from "./export-tables";

function readme(params: { providerName: string; format: ProviderExportFormat; now: Date; files: string[] }): string {
  return [
    `${PRODUCT} export of ${params.providerName}`,
    `Schema version: ${EXPORT_SCHEMA_VERSION}`,
    `Made: ${params.now.toISOString()}`,
    `Format: ${params.format} (listing.json is JSON either way)`,
    "",
    "Files:",
    ...params.files.map((f) => `- ${f}`),
    "",
    "members: the team (name, email, role, status, dates).",
    "inquiries: delivered inquiries with the sender's details and message; erased=true marks one erased at the sender's request.",
    "reviews: published reviews as the public sees them, with your reply.",
    "analytics_daily: the daily figures of your listing.",
    `audit_events: what was done on the provider in the last ${EXPORT_AUDIT_MONTHS} months.`,
    "webhooks: endpoint configuration; signing secrets are never exported.",
    "reports: visitors' reports of outdated information (without the reporter's address).",
    params.format === "csv"
      ? "CSV files: RFC 4180, UTF-8 with BOM; a cell starting with = + - @ TAB or CR is prefixed with ' so spreadsheets do not run it."
      : "JSON files: one array of objects each, with the same keys as the CSV format's columns.",
    "",
  ].join("\r\n");
}

/** The zip of one provider's data (extensions §9), built from one transaction's reads. */
export async function buildExportArchive(
  db: Db,
  params: { providerId: string; format: ProviderExportFormat; now: Date },
): Promise<Uint8Array> {
  const listing = await getListing(db, { providerId: params.providerId });
  const tables = await exportTables(db, { providerId: params.providerId, now: params.now });
  const ext = params.format;
  const files: Zippable = { "listing.json": strToU8(`${JSON.stringify(listing, null, 2)}\n`) };
  for (const table of tables) {
    files[`${table.name}.${ext}`] = strToU8(ext === "csv" ? tableToCsv(table) : tableToJson(table));
  }
  const names = ["README.txt", ...Object.keys(files)];
  const readmeText = readme({ providerName: listing.name, format: params.format, now: params.now, files: names });
  // README first, so an unzip listing shows it first; mtime fixed to the export's time.
  return zipSync({ "README.txt": strToU8(readmeText), ...files }, { level: 6, mtime: params.now });
}
