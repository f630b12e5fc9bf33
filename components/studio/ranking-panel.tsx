import Link from "next/link";
import { COMPLETENESS_ITEM_LABELS } from "@/components/ranking/completeness-labels";
import { RankBars } from "@/components/ranking/rank-bars";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { countNewInquiries } from "@/lib/inquiries/count-new-inquiries";
import { getRankExplanation } from "@/lib/ranking/get-rank-explanation";
import { FRESH_FOR_DAYS } from "@/lib/ranking/ranking-formula";

/**
 * The studio overview's ranking panel (extensions §5): the provider's own explanation, as visitors
 * see it behind "Why here?", and what would raise the score: the missing completeness items (each a
 * link to the listing editor), confirming the details, and answering the inquiries still NEW.
 */
export async function RankingPanel({ providerId }: { providerId: string }) {
  const db = await databaseReady();
  const [explanation, newInquiries] = await Promise.all([
    getRankExplanation(db, { providerId }),
    countNewInquiries(db, { providerId }),
  ]);
  const missing = explanation?.components.completeness.missing ?? [];
  const freshness = explanation?.components.freshness.value ?? 1;
  return (
    <section className={ui.card} aria-labelledby="overview-ranking" data-testid="ranking-panel">
      <h2 id="overview-ranking">Your place in the directory</h2>
      {explanation ? (
        <>
          <p>
            Score <strong>{explanation.score.toFixed(4)}</strong> of 1 in the recommended order (computed{" "}
            {explanation.computedAt.slice(0, 10)}). <Link href="/how-ranking-works">How ranking works</Link>
          </p>
          <RankBars explanation={explanation} />
        </>
      ) : (
        <p>
          Your score is computed when the listing is published. <Link href="/how-ranking-works">How ranking works</Link>
        </p>
      )}
      <h3>What would raise your score</h3>
      <ul>
        {missing.map((item) => (
          <li key={item}>
            <Link href="/studio/listing">Add {COMPLETENESS_ITEM_LABELS[item]}</Link>
          </li>
        ))}
        <li>
          <Link href="/studio/listing">Confirm your details</Link>
          {freshness < 1 ? " — they count less once not confirmed for " : " — they count fully for "}
          {FRESH_FOR_DAYS} days after each confirmation
        </li>
        {newInquiries > 0 ? (
          <li>
            <Link href="/studio/inquiries">
              Answer {newInquiries === 1 ? "the inquiry" : `the ${newInquiries} inquiries`} still new
            </Link>{" "}
            — how many you answer, and how fast, counts
          </li>
        ) : null}
      </ul>
    </section>
  );
}
