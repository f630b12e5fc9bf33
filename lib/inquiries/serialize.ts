import type { DeliveredInquiryStatus } from "@/db/enums";
import type { Inquiry } from "@/db/schema";
import type { InquiryView, Responsiveness } from "./schemas";

export const RESPONSIVENESS_MIN_SAMPLE = 5;

/** The API's Inquiry object (extensions §3). Only delivered inquiries are ever serialised. */
export function serializeInquiry(row: Inquiry, providerSlug: string): InquiryView {
  return {
    id: row.id,
    providerSlug,
    name: row.senderName,
    email: row.senderEmail,
    company: row.senderCompany,
    budget: row.budget,
    timeline: row.timeline,
    message: row.message,
    status: row.status as DeliveredInquiryStatus,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: (row.deliveredAt ?? row.createdAt).toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
  };
}

/** The public responsiveness: null while fewer than 5 inquiries were delivered in the window. */
export function serializeResponsiveness(
  row: { sample: number; responded: number; medianHours: number | null } | null | undefined,
): Responsiveness {
  // With a sample, the median always has values to work on (unanswered inquiries count their wait).
  if (!row || row.sample < RESPONSIVENESS_MIN_SAMPLE || row.medianHours === null) return null;
  return {
    medianHours: Math.round(row.medianHours * 10) / 10,
    respondedShare: Math.round((row.responded / row.sample) * 1000) / 1000,
    sample: row.sample,
  };
}
