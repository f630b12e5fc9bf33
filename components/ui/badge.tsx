import type { ReactNode } from "react";
import styles from "./ui.module.css";

const TONES = { neutral: styles.badgeNeutral, good: styles.badgeGood, warn: styles.badgeWarn, bad: styles.badgeBad };

/** A short status label. The tone is a colour cue only; the text always says the state. */
export function Badge({ tone = "neutral", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`${styles.badge} ${TONES[tone]}`}>{children}</span>;
}
