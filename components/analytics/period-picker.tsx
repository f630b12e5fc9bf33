import ui from "@/components/ui/ui.module.css";
import styles from "./analytics.module.css";

export const PERIOD_CHOICES = ["7", "30", "90"] as const;

/** The period: the last 7, 30 or 90 days, or two dates; a plain GET form that works without script. */
export function PeriodPicker({ action, period, from, to }: { action: string; period: string; from: string; to: string }) {
  return (
    <form method="get" action={action} className={styles.picker} aria-label="Period">
      <div className={ui.field}>
        <label className={ui.label} htmlFor="analytics-period">
          Period
        </label>
        <select id="analytics-period" name="period" defaultValue={period} className={ui.select}>
          {PERIOD_CHOICES.map((n) => (
            <option key={n} value={n}>
              Last {n} days
            </option>
          ))}
          <option value="custom">These dates</option>
        </select>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="analytics-from">
          From (with “These dates”)
        </label>
        <input id="analytics-from" type="date" name="from" defaultValue={from} className={ui.input} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="analytics-to">
          To
        </label>
        <input id="analytics-to" type="date" name="to" defaultValue={to} className={ui.input} />
      </div>
      <button type="submit" className={ui.button}>
        Show
      </button>
    </form>
  );
}
