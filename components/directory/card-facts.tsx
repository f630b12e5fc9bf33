import type { CardFacts as Facts } from "@/lib/public-listing/card-columns";
import ui from "@/components/ui/ui.module.css";
import { budgetLabel, HOURLY_RATE_LABELS, locationLabel, TEAM_SIZE_LABELS } from "./fact-labels";
import styles from "./directory.module.css";

/**
 * The facts a visitor filters by, on the card itself (issue 31): where, how large, what it costs, the
 * smallest project and whether it takes new clients. Each value keeps its term for screen readers; on
 * screen the values read as one line. Facts the provider has not stated are left out.
 */
export function CardFacts({ facts }: { facts: Facts }) {
  const location = locationLabel(facts.countryCode, facts.city);
  const rows: [term: string, value: string][] = [];
  if (location) rows.push(["Location", facts.remote ? `${location} or remote` : location]);
  else if (facts.remote) rows.push(["Location", "Works remotely"]);
  if (facts.teamSize) rows.push(["Team size", TEAM_SIZE_LABELS[facts.teamSize]]);
  if (facts.hourlyRate) rows.push(["Hourly rate", HOURLY_RATE_LABELS[facts.hourlyRate]]);
  if (facts.minProjectBudget !== null) {
    rows.push(["Minimum project", facts.minProjectBudget === 0 ? "No minimum project" : `Projects from ${budgetLabel(facts.minProjectBudget)}`]);
  }
  return (
    <>
      <p className={facts.acceptingClients ? styles.cardAccepting : styles.cardNotAccepting} data-testid="card-accepting">
        <span aria-hidden="true" className={styles.cardDot} />
        {facts.acceptingClients ? "Accepting new clients" : "Not taking new clients"}
      </p>
      {rows.length > 0 ? (
        <dl className={styles.cardFacts} data-testid="card-facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt className={ui.visuallyHidden}>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}
