import type { Db } from "@/db/client";
import type { DeliveredInquiryStatus } from "@/db/enums";
import { AppError } from "@/lib/errors";
import { csvHeader, csvLine } from "./csv";
import { INQUIRIES_CSV_MAX_ROWS } from "./export-rules";
import { INQUIRY_COLUMNS, inquiryRow, newestDeliveredInquiries } from "./inquiry-rows";

const LINES_PER_CHUNK = 500;

/**
 * The synchronous inquiries CSV (GET /provider/studio/inquiries?format=csv): the archive's columns,
 * newest first, up to `maxRows`; more is 413 EXPORT_TOO_LARGE before anything is written. One more
 * row than allowed is read, so "too many" costs no count.
 */
export async function inquiriesCsv(
  db: Db,
  params: { providerId: string; status?: DeliveredInquiryStatus; maxRows?: number },
): Promise<{ chunks: Iterable<string>; filename: string; rows: number }> {
  const max = params.maxRows ?? INQUIRIES_CSV_MAX_ROWS;
  const rows = await newestDeliveredInquiries(db, { providerId: params.providerId, status: params.status, limit: max + 1 });
  if (rows.length > max) {
    throw new AppError(
      "EXPORT_TOO_LARGE",
      `More than ${max} inquiries match; narrow by status or request a full export (POST /provider/studio/exports).`,
    );
  }
  function* chunks(): Generator<string> {
    yield csvHeader(INQUIRY_COLUMNS);
    for (let i = 0; i < rows.length; i += LINES_PER_CHUNK) {
      yield rows.slice(i, i + LINES_PER_CHUNK).map((row) => csvLine(INQUIRY_COLUMNS, inquiryRow(row))).join("");
    }
  }
  const suffix = params.status ? `-${params.status.toLowerCase()}` : "";
  return { chunks: chunks(), filename: `inquiries${suffix}.csv`, rows: rows.length };
}
