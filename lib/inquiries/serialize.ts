import type { DeliveredInquiryStatus } from "@/db/enums";
import type { Inquiry } from "@/db/schema";
import type { InquiryView } from "./schemas";

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
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}
