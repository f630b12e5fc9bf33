import Link from "next/link";
import type { Specialty } from "@/db/enums";
import styles from "./directory.module.css";
import { directoryPath } from "./directory-params";
import { SPECIALTY_LABELS } from "./specialty-labels";

/** Specialty chips; `linked`, each leads to the directory filtered by it (cards and the public profile). */
export function SpecialtyList(props: { specialties: Specialty[]; label?: string; linked?: boolean }) {
  if (props.specialties.length === 0) return null;
  return (
    <ul className={styles.specialties} aria-label={props.label ?? "Specialties"}>
      {props.specialties.map((s) => (
        <li key={s} className={props.linked ? undefined : styles.specialty}>
          {props.linked ? (
            <Link
              href={directoryPath(`specialty=${s.toLowerCase()}`)}
              className={`${styles.specialty} ${styles.specialtyLink}`}
              aria-label={`${SPECIALTY_LABELS[s]} providers`}
            >
              {SPECIALTY_LABELS[s]}
            </Link>
          ) : (
            SPECIALTY_LABELS[s]
          )}
        </li>
      ))}
    </ul>
  );
}
