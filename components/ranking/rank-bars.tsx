import type { RankExplanation } from "@/lib/ranking/rank-explanation";
import { RANK_COMPONENT_KEYS } from "@/lib/ranking/ranking-formula";
import { RANK_COMPONENT_LABELS } from "@/lib/ranking/ranking-methodology";
import { completenessBasis } from "./completeness-labels";
import styles from "./ranking.module.css";

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The four components of an explanation: a bar, its value and weight in words, and its basis sentence. */
export function RankBars({ explanation }: { explanation: RankExplanation }) {
  const c = explanation.components;
  return (
    <ul className={styles.bars}>
      {RANK_COMPONENT_KEYS.map((key) => {
        const part = c[key];
        const basis = key === "completeness" ? completenessBasis(c.completeness.missing) : (part as { basis: string }).basis;
        return (
          <li key={key} className={styles.bar} data-component={key}>
            <span className={styles.barLabel}>
              {RANK_COMPONENT_LABELS[key]}{" "}
              <span className={styles.barValue}>
                {part.value.toFixed(2)} · weighs {percent(part.weight)}
              </span>
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fill} style={{ width: percent(part.value) }} />
            </span>
            <span className={styles.basis}>{basis}</span>
          </li>
        );
      })}
    </ul>
  );
}
