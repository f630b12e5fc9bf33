import ui from "@/components/ui/ui.module.css";
import styles from "./admin.module.css";

interface SelectFilterProps {
  /** The form's accessible name, e.g. "Filter applications". */
  formLabel: string;
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

/** A list page's one-select filter: a GET form, so the filter is in the URL and works without JavaScript. */
export function SelectFilter({ formLabel, id, name, label, value, options }: SelectFilterProps) {
  return (
    <form method="get" className={styles.filters} aria-label={formLabel}>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>
          {label}
        </label>
        <select id={id} name={name} defaultValue={value} className={ui.select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={ui.buttonSecondary}>
        Show
      </button>
    </form>
  );
}
