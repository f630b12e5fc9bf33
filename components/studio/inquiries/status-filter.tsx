import Link from "next/link";
import { DELIVERED_INQUIRY_STATUSES, type DeliveredInquiryStatus } from "@/db/enums";
import { STATUS_LABELS } from "./inquiry-labels";
import styles from "./inquiries.module.css";

/** Links to each status's list; the current one is marked for assistive technology. */
export function StatusFilter({ current }: { current: DeliveredInquiryStatus | undefined }) {
  const options: { href: string; label: string; active: boolean }[] = [
    { href: "/studio/inquiries", label: "All", active: current === undefined },
    ...DELIVERED_INQUIRY_STATUSES.map((status) => ({
      href: `/studio/inquiries?status=${status}`,
      label: STATUS_LABELS[status],
      active: current === status,
    })),
  ];
  return (
    <nav aria-label="Filter by status" className={styles.filters}>
      <ul>
        {options.map((o) => (
          <li key={o.href}>
            <Link href={o.href} aria-current={o.active ? "page" : undefined}>
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
