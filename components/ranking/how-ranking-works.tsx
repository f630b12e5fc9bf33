import Link from "next/link";
import { RANK_WEIGHT_REASONS, rankingMethodology } from "@/lib/ranking/ranking-methodology";
import styles from "./ranking.module.css";

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** /how-ranking-works: the methodology endpoint's data (GET /api/public/studio/ranking), in words. */
export function HowRankingWorks() {
  const m = rankingMethodology();
  return (
    <article className={styles.methodology}>
      <h1>How ranking works</h1>
      <p className="lede">
        The directory&apos;s recommended order is a published score between 0 and 1, the same for everyone. Nobody can pay for a
        place, and featuring by the editors never changes a score.
      </p>

      <section aria-labelledby="formula-heading">
        <h2 id="formula-heading">The score</h2>
        <p>
          score ={" "}
          {m.components.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? " + " : ""}
              {m.weights[c.key]} × {c.label.toLowerCase()}
            </span>
          ))}
          , each part between 0 and 1, rounded to 4 decimals.
        </p>
        <table className={styles.table}>
          <caption>The four parts, their weights and what each rests on</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Weight</th>
              <th scope="col">How it is computed</th>
            </tr>
          </thead>
          <tbody>
            {m.components.map((c) => (
              <tr key={c.key} data-component={c.key}>
                <th scope="row">{c.label}</th>
                <td>{percent(m.weights[c.key])}</td>
                <td>
                  {c.definition}
                  {c.neutralValue === null ? null : ` Too little to judge counts as ${c.neutralValue}.`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="weights-heading">
        <h2 id="weights-heading">Why these weights</h2>
        <ul>
          {m.components.map((c) => (
            <li key={c.key}>{RANK_WEIGHT_REASONS[c.key]}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ties-heading">
        <h2 id="ties-heading">Equal scores</h2>
        <p>
          Providers with the same score are ordered by a key drawn from each provider and the current week, which changes every
          Monday at 00:00 UTC, so no one holds the top of a tie for good; then by their address (slug). Order:{" "}
          <code>{m.tieBreak.join(", ")}</code>.
        </p>
      </section>

      <section aria-labelledby="never-heading">
        <h2 id="never-heading">What never counts</h2>
        <ul>
          {m.notInScore.map((item) => (
            <li key={item}>{item.charAt(0).toUpperCase() + item.slice(1)}</li>
          ))}
        </ul>
        <p>
          The editors&apos; featured block on the first page is labelled as such and rotates weekly; a featured provider also keeps
          its own place in the list.
        </p>
      </section>

      <section aria-labelledby="changes-heading">
        <h2 id="changes-heading">Changes</h2>
        <p>
          Formula {m.formulaVersion}, in effect since {m.effectiveFrom}. Every change of meaning gets a new version here.
        </p>
        <ul>
          {m.changelog.map((entry) => (
            <li key={entry.version}>
              {entry.version} ({entry.date}): {entry.summary}
            </li>
          ))}
        </ul>
        <p>
          As data: <Link href="/api/public/studio/ranking">/api/public/studio/ranking</Link> (described in the{" "}
          <Link href="/docs/api">API reference</Link>). <Link href="/providers">Browse the directory</Link>.
        </p>
      </section>
    </article>
  );
}
