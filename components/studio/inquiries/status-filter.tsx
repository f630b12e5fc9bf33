import Link from "next/link";
import ui from "@/components/ui/ui.module.css";
import { DELIVERED_INQUIRY_STATUSES, type DeliveredInquiryStatus } from "@/db/enums";
import { STATUS_LABELS } from "./inquiry-labels";
import styles from "./inquiries.module.css";

/** What the "All" tab holds: every delivered inquiry but spam, which has a tab of its own. */
export function inboxTotal(counts: Record<DeliveredInquiryStatus, number>): number {
  return DELIVERED_INQUIRY_STATUSES.reduce((sum, status) => (status === "SPAM" ? sum : sum + counts[status]), 0);
}

/**
 * Links to each status's list with how many it holds, the current one marked for assistive
 * technology. The count shows as "New (3)" and reads as "New, 3 inquiries": a bare "(3)" is read out
 * as "left parenthesis 3" by some screen readers.
 */
export function StatusFilter({
  current,
  counts,
}: {
  current: DeliveredInquiryStatus | undefined;
  counts: Record<DeliveredInquiryStatus, number>;
}) {
  const options: { href: string; label: string; count: number; active: boolean }[] = [
    { href: "/studio/inquiries", label: "All", count: inboxTotal(counts), active: current === undefined },
    ...DELIVERED_INQUIRY_STATUSES.map((status) => ({
      href: `/studio/inquiries?status=${status}`,
      label: STATUS_LABELS[status],
      count: counts[status],
      active: current === status,
    })),
  ];
  return (
    <nav aria-label="Filter by status" className={styles.filters}>
      <ul>
        {options.map((o) => (
          <li key={o.href}>
            <Link href={o.href} aria-current={o.active ? "page" : undefined}>
              {/* One hidden phrase, not the label plus a hidden tail: browsers put a space before a hidden span ("All , 1 inquiry"). */}
              <span aria-hidden="true">
                {o.label} ({o.count})
              </span>
              <span className={ui.visuallyHidden}>
                {o.label}, {o.count} {o.count === 1 ? "inquiry" : "inquiries"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
