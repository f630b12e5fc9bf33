import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import type { DuplicateWarning } from "@/lib/applications/duplicate-warnings";

const ROLE_WORDS = { OWNER: "already owns", ADMIN: "is already an admin of", MEMBER: "is already a member of" } as const;

const applicationHref = (email: string, id: string) =>
  `/admin/applications?stage=ALL&email=${encodeURIComponent(email)}#application-${id}`;

/** The card's warning: what this undecided application may duplicate, each with a link to look. */
export function DuplicateWarningNote({ email, warnings }: { email: string; warnings: DuplicateWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className={ui.noticeWarn} role="note" aria-label="Possible duplicate">
      <p>
        <strong>Possible duplicate: look before approving.</strong>
      </p>
      <ul>
        {warnings.map((w) => {
          switch (w.kind) {
            case "belongs-to-provider":
              return (
                <li key={`${w.kind}-${w.provider.slug}`}>
                  This applicant {ROLE_WORDS[w.role]}{" "}
                  <Link href={`/admin/providers/${w.provider.slug}`}>{w.provider.name}</Link>
                </li>
              );
            case "pending-from-same-email":
              return (
                <li key={`${w.kind}-${w.applicationId}`}>
                  <Link href={applicationHref(email, w.applicationId)}>Another pending application from this address</Link>, sent{" "}
                  {formatDate(w.createdAt)}
                </li>
              );
            case "provider-with-company-name":
              return (
                <li key={`${w.kind}-${w.provider.slug}`}>
                  A provider named <Link href={`/admin/providers/${w.provider.slug}`}>{w.provider.name}</Link> already exists
                </li>
              );
            case "pending-with-company-name":
              return (
                <li key={`${w.kind}-${w.applicationId}`}>
                  <Link href={applicationHref(w.email, w.applicationId)}>A pending application from {w.email}</Link> names the
                  same company, sent {formatDate(w.createdAt)}
                </li>
              );
          }
        })}
      </ul>
    </div>
  );
}
