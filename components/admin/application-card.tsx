import Link from "next/link";
import { PlainText } from "@/components/profile/plain-text";
import { SPECIALTY_LABELS } from "@/components/directory/specialty-labels";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatDateTime } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import type { QueueItem } from "@/lib/applications/list-application-queue";
import styles from "./admin.module.css";
import { ApplicationDecision } from "./application-decision";
import { DuplicateWarningNote } from "./duplicate-warning";
import { STAGE_LABELS } from "./labels";
import { PortfolioLinks } from "./portfolio-links";

const ROLE_WORDS = { OWNER: "owner", ADMIN: "admin", MEMBER: "member" } as const;

/** One application with every submitted field and what the same email already has; decisions for those in review. */
export function ApplicationCard({ application: a }: { application: QueueItem }) {
  const headingId = `application-${a.id}`;
  const tone = a.stage === "APPROVED" ? "good" : a.stage === "REJECTED" ? "bad" : a.stage === "IN_REVIEW" ? "warn" : "neutral";
  return (
    <li>
      <article className={ui.card} aria-labelledby={headingId}>
        <div className={styles.cardHeader}>
          <h2 id={headingId}>
            {a.fullName}
            {a.companyName ? <span className={ui.muted}> · {a.companyName}</span> : null}
          </h2>
          <Badge tone={tone}>{STAGE_LABELS[a.stage]}</Badge>
        </div>
        <DuplicateWarningNote email={a.email} warnings={a.warnings} />
        <dl className={styles.facts}>
          <dt>Email</dt>
          <dd>{a.email}</dd>
          <dt>Company</dt>
          <dd>{a.companyName ?? "Not given"}</dd>
          <dt>Specialties</dt>
          <dd>{a.specialties.length ? a.specialties.map((s) => SPECIALTY_LABELS[s]).join(", ") : "None chosen"}</dd>
          <dt>Portfolio</dt>
          <dd>
            <PortfolioLinks links={a.portfolioLinks} />
          </dd>
          <dt>Heard of us</dt>
          <dd>{a.referralSource ?? "Not given"}</dd>
          <dt>Submitted</dt>
          <dd>{formatDateTime(a.createdAt)}</dd>
          <dt>Email confirmed</dt>
          <dd>{formatDateTime(a.verifiedAt)}</dd>
          <dt>Same email runs</dt>
          <dd>
            {a.existing.providers.length === 0 ? (
              "No provider"
            ) : (
              <ul className={styles.inlineList}>
                {a.existing.providers.map((p) => (
                  <li key={p.id}>
                    <Link href={`/admin/providers/${p.slug}`}>{p.name}</Link> ({ROLE_WORDS[p.role]})
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Other applications</dt>
          <dd>
            {a.existing.applications.length === 0 ? (
              "None from this email"
            ) : (
              <ul className={styles.inlineList}>
                {a.existing.applications.map((o) => (
                  <li key={o.id}>
                    <Link href={`/admin/applications?stage=ALL&email=${encodeURIComponent(a.email)}#application-${o.id}`}>
                      {o.companyName ?? "No company"}, {formatDate(o.createdAt)}
                    </Link>{" "}
                    ({STAGE_LABELS[o.stage].toLowerCase()})
                  </li>
                ))}
              </ul>
            )}
          </dd>
          {a.decidedAt ? (
            <>
              <dt>Decided</dt>
              <dd>{formatDateTime(a.decidedAt)}</dd>
            </>
          ) : null}
          {a.rejectionReason ? (
            <>
              <dt>Reason given</dt>
              <dd>{a.rejectionReason}</dd>
            </>
          ) : null}
          {a.providerSlug ? (
            <>
              <dt>Provider</dt>
              <dd>
                <Link href={`/admin/providers/${a.providerSlug}`}>{a.providerSlug}</Link>
              </dd>
            </>
          ) : null}
        </dl>
        <h3 className={ui.visuallyHidden}>About their work</h3>
        <div className={styles.description}>
          <PlainText text={a.description} />
        </div>
        {a.stage === "IN_REVIEW" ? (
          <ApplicationDecision
            applicationId={a.id}
            applicantName={a.fullName}
            email={a.email}
            providerName={a.companyName?.trim() || a.fullName}
          />
        ) : null}
      </article>
    </li>
  );
}
