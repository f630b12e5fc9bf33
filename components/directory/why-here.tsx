import Link from "next/link";
import { RankBars } from "@/components/ranking/rank-bars";
import rankingStyles from "@/components/ranking/ranking.module.css";
import ui from "@/components/ui/ui.module.css";
import type { RankExplanation } from "@/lib/ranking/rank-explanation";
import styles from "./directory.module.css";

/**
 * A card's "Why here?": a native <details>, so it opens without JavaScript; its summary reads "Why is
 * {name} here?" to assistive technology, one distinct name per card.
 */
export function WhyHere({ name, explanation }: { name: string; explanation: RankExplanation }) {
  return (
    <details className={styles.whyHere} data-testid="why-here">
      <summary className={styles.whySummary}>
        {/* One flex item, so the spaces around the hidden part are kept. */}
        <span>
          Why <span className={ui.visuallyHidden}>is {name} </span>here?
        </span>
      </summary>
      <p className={rankingStyles.score}>
        Score {explanation.score.toFixed(4)} of 1, from four parts. Featured or not, paid or not, never counts.
      </p>
      <RankBars explanation={explanation} />
      <p className={rankingStyles.score}>
        <Link href="/how-ranking-works">How ranking works</Link>
      </p>
    </details>
  );
}
