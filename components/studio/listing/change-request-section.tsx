import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import type { ChangeRequest } from "@/lib/change-requests/create-change-request";
import { ChangeRequestForm } from "./change-request-form";
import styles from "./listing.module.css";
import { WithdrawChangeButton } from "./withdraw-change-button";

const FIELD_LABEL = { NAME: "Name", SLUG: "Slug" } as const;
const STATUS_TONE = { PENDING: "warn", APPROVED: "good", DECLINED: "bad", WITHDRAWN: "neutral" } as const;
const STATUS_LABEL = { PENDING: "Waiting for an admin", APPROVED: "Approved", DECLINED: "Declined", WITHDRAWN: "Withdrawn" } as const;

/** The provider's name and slug, and its requests to change them (they change only when an admin approves). */
export function ChangeRequestSection(props: {
  name: string;
  slug: string;
  changes: { pending: ChangeRequest[]; recent: ChangeRequest[] };
  canWrite: boolean;
}) {
  const { pending, recent } = props.changes;
  return (
    <section className={`${ui.card} ${styles.changeRequestCard}`} aria-labelledby="change-request-heading">
      <h2 id="change-request-heading">Name and slug</h2>
      <dl className={styles.changeRequestFacts}>
        <dt>Name</dt>
        <dd>{props.name}</dd>
        <dt>Slug</dt>
        <dd>
          <code>{props.slug}</code> <span className={ui.muted}>(public address /providers/{props.slug})</span>
        </dd>
      </dl>
      <p className={ui.muted}>
        The name and slug identify you publicly, so changes to them wait for a registry admin&apos;s approval.
      </p>
      <h3 className={styles.subheading}>Pending requests</h3>
      {pending.length === 0 ? (
        <p>No pending requests.</p>
      ) : (
        <ul className={styles.requests} aria-label="Pending requests">
          {pending.map((r) => (
            <li key={r.id} className={styles.request}>
              <RequestSummary request={r} />
              {props.canWrite ? (
                <WithdrawChangeButton requestId={r.id} description={`${FIELD_LABEL[r.field].toLowerCase()} "${r.requestedValue}"`} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {recent.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Recent decisions</h3>
          <ul className={styles.requests} aria-label="Recent decisions">
            {recent.map((r) => (
              <li key={r.id} className={styles.request}>
                <RequestSummary request={r} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {props.canWrite ? (
        <>
          <h3 className={styles.subheading}>Request a name or slug change</h3>
          <ChangeRequestForm />
        </>
      ) : null}
    </section>
  );
}

function RequestSummary({ request: r }: { request: ChangeRequest }) {
  return (
    <div>
      <p className={styles.requestLine}>
        <strong>{FIELD_LABEL[r.field]}</strong>: {r.currentValue} → <strong>{r.requestedValue}</strong>{" "}
        <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
      </p>
      <p className={`${ui.muted} ${styles.requestLine}`}>
        Requested {formatDateTime(r.createdAt)}
        {r.decidedAt ? ` · closed ${formatDateTime(r.decidedAt)}` : ""}
      </p>
      {r.decisionNote ? <p className={styles.requestLine}>Admin&apos;s note: {r.decisionNote}</p> : null}
    </div>
  );
}
