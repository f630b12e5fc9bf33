// The emails of reports of outdated information (extensions §6), under the rules of lib/email/layout.ts:
// our words first; what a visitor typed only in a labelled block, neutralised.
import type { ListingReportCategory } from "@/db/enums";
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { CATEGORY_LABELS, ESCALATION_DEADLINE_DAYS, reportableFieldLabel } from "./report-rules";

export interface DigestReport {
  category: ListingReportCategory;
  fields: string[];
  note: string | null;
}

/** To each OWNER and ADMIN, at most once a day: the reports that came in since the last digest. */
export function reportsDigestEmail(params: { reportsUrl: string; reports: DigestReport[]; total: number }): EmailMessage {
  const { total } = params;
  const lines = params.reports.map((r, i) => {
    const fields = r.fields.length > 0 ? ` (${r.fields.map(reportableFieldLabel).join(", ")})` : "";
    return { label: `${i + 1}. ${CATEGORY_LABELS[r.category]}${fields}`, ...(r.note ? { typed: r.note } : { plain: "no description" }) };
  });
  const more = total > params.reports.length ? [`And ${total - params.reports.length} more in the studio.`] : [];
  return message(
    total === 1 ? `A visitor reported outdated information on your ${PRODUCT} listing` : `${total} reports of outdated information on your ${PRODUCT} listing`,
    [
      "Hello,",
      total === 1
        ? "A visitor told us something on your listing may be out of date."
        : `Visitors sent ${total} reports that something on your listing may be out of date.`,
      "Please check your listing and mark each report as fixed or not an issue in the studio. Marking one fixed also confirms your listing's details are current.",
      ...more,
    ],
    { label: "Open the reports", url: params.reportsUrl },
    { heading: "What visitors reported, as they wrote it", lines },
  );
}

/** To each OWNER and ADMIN when several visitors report the provider unreachable or closed. */
export function confirmRequestEmail(params: { confirmUrl: string; reportsUrl: string; deadline: Date; reporters: number }): EmailMessage {
  const date = params.deadline.toISOString().slice(0, 10);
  return message(
    `Please confirm your ${PRODUCT} listing within ${ESCALATION_DEADLINE_DAYS} days`,
    [
      "Hello,",
      `${params.reporters} different visitors told us they could not reach you or that you are no longer in business.`,
      `Please confirm your listing's details with the button below, or fix them and mark the reports fixed in the studio (${params.reportsUrl}), by ${date}. If nobody does, your listing is hidden from the directory until you confirm it; nothing else changes.`,
    ],
    { label: "My details are current", url: params.confirmUrl },
  );
}

export type ReportOutcome = "FIXED" | "NOT_AN_ISSUE" | "DISMISSED";

const OUTCOME_WORDS: Record<ReportOutcome, string> = {
  FIXED: "The provider has updated its listing.",
  NOT_AN_ISSUE: "The provider checked its listing and found it correct.",
  DISMISSED: "We reviewed the reports about this listing and closed them without a change.",
};

/** To a reporter who left an email, once: how their report was handled. */
export function reportOutcomeEmail(params: { providerName: string; profileUrl: string; outcome: ReportOutcome }): EmailMessage {
  return message(
    `Your report to ${PRODUCT} was handled`,
    [
      "Hello,",
      `Thank you for telling us that ${params.providerName}'s listing on ${PRODUCT} may be out of date.`,
      OUTCOME_WORDS[params.outcome],
      "You receive no further email about this report.",
    ],
    { label: "See the listing", url: params.profileUrl },
  );
}
