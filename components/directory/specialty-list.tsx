import type { Specialty } from "@/db/enums";
import styles from "./directory.module.css";
import { SPECIALTY_LABELS } from "./specialty-labels";

export function SpecialtyList({ specialties, label = "Specialties" }: { specialties: Specialty[]; label?: string }) {
  if (specialties.length === 0) return null;
  return (
    <ul className={styles.specialties} aria-label={label}>
      {specialties.map((s) => (
        <li key={s} className={styles.specialty}>
          {SPECIALTY_LABELS[s]}
        </li>
      ))}
    </ul>
  );
}
