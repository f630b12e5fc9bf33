import Link from "next/link";
import { LISTING_REPORT_STATUSES, type ListingReportStatus } from "@/db/enums";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { REPORT_STATUS_LABELS } from "./report-labels";

/** Links to each status's reports; the current one is marked for assistive technology. */
export function ReportStatusTabs({ current }: { current: ListingReportStatus }) {
  return (
    <nav aria-label="Reports by status" className={styles.filters}>
      <ul>
        {LISTING_REPORT_STATUSES.map((status) => (
          <li key={status}>
            <Link href={status === "OPEN" ? "/studio/reports" : `/studio/reports?status=${status}`} aria-current={status === current ? "page" : undefined}>
              {REPORT_STATUS_LABELS[status]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
