import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import styles from "@/components/ui/token-confirmation.module.css";
import type { LinkedApplication } from "@/lib/applications/read-verification-link";
import { STATUS_VISIBLE_DAYS_AFTER_DECISION } from "@/lib/applications/status-visibility";
import { AlsoHasNotice } from "./also-has-notice";
import { applicationName } from "./application-name";
import view from "./verify.module.css";

const STATUS = {
  AWAITING_VERIFICATION: { label: "Waiting for your confirmation", tone: "neutral" },
  IN_REVIEW: { label: "Pending review", tone: "warn" },
  APPROVED: { label: "Approved", tone: "good" },
  REJECTED: { label: "Rejected", tone: "bad" },
} as const;

/**
 * The status view: the verification link, opened again after confirming, shows where the application
 * stands (read only). What it shows is what the emails to this address already said.
 */
export function ApplicationStatus({ application: a }: { application: LinkedApplication }) {
  const status = STATUS[a.stage];
  return (
    <section className={view.status} aria-labelledby="application-status-heading">
      <h1 id="application-status-heading">Your application for {applicationName(a)}</h1>
      <dl className={view.facts}>
        <dt>Status</dt>
        <dd>
          <Badge tone={status.tone}>{status.label}</Badge>
        </dd>
        <dt>Email</dt>
        <dd>{a.email}</dd>
        <dt>Sent</dt>
        <dd>{formatDate(a.createdAt)}</dd>
        <dt>Email confirmed</dt>
        <dd>{formatDate(a.verifiedAt)}</dd>
        {a.decidedAt ? (
          <>
            <dt>Decided</dt>
            <dd>{formatDate(a.decidedAt)}</dd>
          </>
        ) : null}
      </dl>
      <h2 className={styles.subheading}>What happens next</h2>
      {a.stage === "IN_REVIEW" ? (
        <p>
          Our team reads every application by hand, usually within two working days, and emails the decision to {a.email}.
          There is nothing more to do for now.
        </p>
      ) : null}
      {a.stage === "APPROVED" ? (
        <p>
          We emailed {a.email} a link that opens your new studio. If it has expired,{" "}
          <Link href="/signin">sign in</Link> with {a.email} to complete your listing and publish it.
        </p>
      ) : null}
      {a.stage === "REJECTED" ? (
        <p>
          We emailed {a.email} the reviewer&apos;s reason. You are welcome to <Link href="/apply">apply again</Link>{" "}
          when things change.
        </p>
      ) : null}
      <AlsoHasNotice alsoHas={a.alsoHas} />
      <p className={view.small}>
        This page is the link from your confirmation email; keep the email to come back. It shows the status until{" "}
        {STATUS_VISIBLE_DAYS_AFTER_DECISION} days after the decision.
      </p>
    </section>
  );
}
