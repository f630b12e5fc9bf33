import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { CATEGORY_LABELS, reportableFieldLabel } from "@/lib/listing-reports/report-rules";
import type { ListingReportView } from "@/lib/listing-reports/schemas";
import { REPORT_STATUS_LABELS, RESOLUTION_LABELS } from "./report-labels";
import { ResolveReportForm } from "./resolve-report-form";

/** One page of reports: what was reported and when, never by whom; open ones with the answer form for writers. */
export function ReportList({ reports, canWrite }: { reports: ListingReportView[]; canWrite: boolean }) {
  return (
    <ul className={styles.list} aria-label="Reports, newest first">
      {reports.map((report) => (
        <li key={report.id} className={styles.item}>
          <article aria-labelledby={`report-${report.id}`}>
            <div className={styles.itemHead}>
              <h2 id={`report-${report.id}`} className={styles.reportTitle}>
                {CATEGORY_LABELS[report.category]}
              </h2>
              <Badge tone={report.status === "OPEN" ? "warn" : "neutral"}>
                {report.resolution ? RESOLUTION_LABELS[report.resolution] : REPORT_STATUS_LABELS[report.status]}
              </Badge>
              <span className={styles.excerpt}>
                {report.system ? "From the registry's own check, " : ""}
                {formatDateTime(report.createdAt)}
              </span>
            </div>
            {report.fields.length > 0 ? (
              <p className={styles.excerpt}>Details: {report.fields.map(reportableFieldLabel).join(", ")}</p>
            ) : null}
            {report.note ? <p className={styles.message}>{report.note}</p> : null}
            {report.resolutionNote ? <p className={styles.excerpt}>Your team&apos;s note: {report.resolutionNote}</p> : null}
            {report.status === "OPEN" && canWrite ? <ResolveReportForm reportId={report.id} /> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
