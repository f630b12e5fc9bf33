import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { InquiryView } from "@/lib/inquiries/schemas";
import { EngagementToggle } from "./engagement-toggle";
import { ERASED_LABEL } from "@/lib/privacy/privacy-rules";
import { STATUS_LABELS, STATUS_TONES } from "./inquiry-labels";
import styles from "./inquiries.module.css";

const EXCERPT = 140;

/**
 * One page of inquiries: who, when, status and the start of the message (as text), and each one's
 * review invitation with the "We worked together" toggle.
 */
export function InquiryList({ inquiries, canWrite }: { inquiries: InquiryView[]; canWrite: boolean }) {
  return (
    <ul className={styles.list} aria-label="Inquiries, newest first">
      {inquiries.map((inquiry) => {
        const excerpt = inquiry.message.length > EXCERPT ? `${inquiry.message.slice(0, EXCERPT - 1)}…` : inquiry.message;
        return (
          <li key={inquiry.id} className={styles.item}>
            <div className={styles.itemHead}>
              <Link href={`/studio/inquiries/${inquiry.id}`}>
                {inquiry.erasedAt ? ERASED_LABEL : `${inquiry.name}${inquiry.company ? `, ${inquiry.company}` : ""}`}
              </Link>
              <Badge tone={STATUS_TONES[inquiry.status]}>{STATUS_LABELS[inquiry.status]}</Badge>
              <span className={styles.excerpt}>{formatDateTime(inquiry.deliveredAt)}</span>
            </div>
            {inquiry.erasedAt ? null : (
              <>
                <p className={styles.excerpt}>{excerpt}</p>
                <div className={styles.engagement}>
                  <EngagementToggle inquiry={inquiry} canWrite={canWrite} />
                </div>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
