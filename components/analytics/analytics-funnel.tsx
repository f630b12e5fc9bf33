import type { AnalyticsReport } from "@/lib/analytics/schemas";
import styles from "./analytics.module.css";

const percent = (rate: number | null) => (rate === null ? "no rate yet" : `${Math.round(rate * 1000) / 10}%`);

/** From a profile view to an answered inquiry: each step's count and the share of the step before. */
export function AnalyticsFunnel({ report }: { report: AnalyticsReport }) {
  const { totals: t, funnel: f } = report;
  const steps = [
    { label: "Profile views", count: t.profileViews, rate: null, of: "" },
    { label: "Contact form opened", count: t.contactOpens, rate: f.viewToContactOpen, of: "of views" },
    { label: "Inquiries sent", count: t.inquiriesSubmitted, rate: f.contactOpenToSubmitted, of: "of opens" },
    { label: "Inquiries delivered (sender confirmed)", count: t.inquiriesDelivered, rate: f.submittedToDelivered, of: "of sent" },
    { label: "Inquiries answered", count: t.inquiriesAnswered, rate: f.deliveredToAnswered, of: "of delivered" },
  ];
  return (
    <ol className={styles.funnel} aria-label="From a view to an answer">
      {steps.map((s) => (
        <li key={s.label}>
          {s.label}
          <span className={styles.figure}>{s.count}</span>
          {s.of ? `${percent(s.rate)} ${s.rate === null ? "" : s.of}` : `${t.visitorDays} visitor-days`}
        </li>
      ))}
    </ol>
  );
}
