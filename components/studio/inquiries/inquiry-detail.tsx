import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import { BUDGET_LABELS, TIMELINE_LABELS } from "@/lib/inquiries/inquiry-fields";
import type { InquiryView } from "@/lib/inquiries/schemas";
import { ERASED_LABEL } from "@/lib/privacy/privacy-rules";
import { STATUS_LABELS, STATUS_TONES } from "./inquiry-labels";
import { ReplyByEmail } from "./reply-by-email";
import { replyHref } from "./reply-mail";
import styles from "./inquiries.module.css";

/**
 * An inquiry as the sender wrote it: every value rendered as text, never as markup or links. `canWrite`
 * (OWNER, ADMIN) adds the "Mark as replied?" offer after "Reply by email".
 */
export function InquiryDetail({ inquiry, canWrite }: { inquiry: InquiryView; canWrite: boolean }) {
  if (inquiry.erasedAt) return <ErasedInquiryDetail inquiry={inquiry} />;
  return (
    <div className={ui.stack}>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <Badge tone={STATUS_TONES[inquiry.status]}>{STATUS_LABELS[inquiry.status]}</Badge>
        </dd>
        <dt>From</dt>
        <dd>{inquiry.name}</dd>
        <dt>Email</dt>
        <dd>{inquiry.email}</dd>
        <dt>Company</dt>
        <dd>{inquiry.company ?? "—"}</dd>
        <dt>Budget</dt>
        <dd>{inquiry.budget ? BUDGET_LABELS[inquiry.budget] : "—"}</dd>
        <dt>Timeline</dt>
        <dd>{inquiry.timeline ? TIMELINE_LABELS[inquiry.timeline] : "—"}</dd>
        <dt>Received</dt>
        <dd>{formatDateTime(inquiry.deliveredAt)}</dd>
        <dt>First response</dt>
        <dd>{formatDateTime(inquiry.firstResponseAt)}</dd>
      </dl>
      <h2>Message</h2>
      <p className={styles.message}>{inquiry.message}</p>
      <ReplyByEmail
        inquiryId={inquiry.id}
        href={replyHref(inquiry)}
        offerMarkReplied={canWrite && inquiry.status !== "REPLIED" && inquiry.status !== "ARCHIVED"}
      />
    </div>
  );
}

/** An inquiry whose sender had their data erased: status and dates only, and why the rest is gone. */
function ErasedInquiryDetail({ inquiry }: { inquiry: InquiryView }) {
  return (
    <div className={ui.stack}>
      <p className={styles.message}>
        {ERASED_LABEL} on {formatDateTime(inquiry.erasedAt)}. Their name, email address, company and message are no longer
        held; the status and dates stay, so your response time does not change.
      </p>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <Badge tone={STATUS_TONES[inquiry.status]}>{STATUS_LABELS[inquiry.status]}</Badge>
        </dd>
        <dt>Received</dt>
        <dd>{formatDateTime(inquiry.deliveredAt)}</dd>
        <dt>First response</dt>
        <dd>{formatDateTime(inquiry.firstResponseAt)}</dd>
      </dl>
    </div>
  );
}
