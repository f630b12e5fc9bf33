import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { inquiries, type Inquiry } from "@/db/schema";

type InquiryValues = typeof inquiries.$inferInsert;

/**
 * Writes an inquiry row directly, delivered (NEW) unless told otherwise, for the seed and tests. The
 * token is random and thrown away: such an inquiry cannot be confirmed by link. Real inquiries go
 * through submitInquiry and verifyInquiry.
 */
export async function insertInquiryRow(
  db: Db,
  values: Pick<InquiryValues, "providerId"> & Partial<InquiryValues>,
): Promise<Inquiry> {
  const status = values.status ?? "NEW";
  const [row] = await db
    .insert(inquiries)
    .values({
      senderName: "Test Sender",
      senderEmail: `sender-${randomBytes(4).toString("hex")}@example.com`,
      message: "We would like a quote for a new website, please.",
      tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
      tokenExpiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      status,
      deliveredAt: status === "AWAITING_VERIFICATION" ? null : new Date(),
      ...values,
    })
    .returning();
  return row!;
}
