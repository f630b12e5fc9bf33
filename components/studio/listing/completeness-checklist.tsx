import type { CompletenessItem } from "@/lib/providers/listing-completeness";
import styles from "./listing.module.css";

/** What the saved listing has, and what it still needs (required) or would benefit from (recommended). */
export function CompletenessChecklist({ items }: { items: CompletenessItem[] }) {
  return (
    <ul className={styles.checklist} aria-label="Listing checklist">
      {items.map((item) => (
        <li key={item.key} className={item.done ? styles.done : item.required ? styles.missingRequired : styles.missing}>
          <span aria-hidden="true" className={styles.mark}>
            {item.done ? "✓" : item.required ? "✗" : "○"}
          </span>
          <span>
            {item.label} <span className={styles.itemStatus}>— {status(item)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function status(item: CompletenessItem): string {
  if (item.done) return "done";
  return item.required ? "missing, required to publish" : "missing, recommended";
}
