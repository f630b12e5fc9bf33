import type { AnalyticsDay } from "@/lib/analytics/schemas";
import styles from "./analytics.module.css";

const WIDTH = 600;
const HEIGHT = 160;
const BASE = 140;

/**
 * Profile views per day as bars, drawn on the server (no script). The picture is described in one
 * sentence for screen readers; the table after it holds every number.
 */
export function AnalyticsChart({ days, describedBy }: { days: AnalyticsDay[]; describedBy: string }) {
  const max = Math.max(1, ...days.map((d) => d.profileViews));
  const slot = WIDTH / days.length;
  const barWidth = Math.max(1, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.profileViews, 0);
  const busiest = days.reduce((best, d) => (d.profileViews > best.profileViews ? d : best), days[0]!);
  const summary =
    total === 0
      ? `No profile views from ${days[0]!.date} to ${days.at(-1)!.date}.`
      : `Profile views per day from ${days[0]!.date} to ${days.at(-1)!.date}: ${total} in all, most on ${busiest.date} (${busiest.profileViews}).`;
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} aria-describedby={describedBy} preserveAspectRatio="none">
      <line className={styles.axis} x1={0} x2={WIDTH} y1={BASE} y2={BASE} />
      {days.map((d, i) => {
        const h = (d.profileViews / max) * (BASE - 10);
        return (
          <rect key={d.date} className={d.partial ? styles.barPartial : styles.bar} x={i * slot + (slot - barWidth) / 2} y={BASE - h} width={barWidth} height={h}>
            <title>{`${d.date}: ${d.profileViews} ${d.profileViews === 1 ? "view" : "views"}${d.partial ? " (today, so far)" : ""}`}</title>
          </rect>
        );
      })}
      <text className={styles.axisLabel} x={0} y={HEIGHT - 4}>
        {days[0]!.date}
      </text>
      <text className={styles.axisLabel} x={WIDTH} y={HEIGHT - 4} textAnchor="end">
        {days.at(-1)!.date}
      </text>
      <text className={styles.axisLabel} x={0} y={10}>
        {max} {max === 1 ? "view" : "views"}
      </text>
    </svg>
  );
}
