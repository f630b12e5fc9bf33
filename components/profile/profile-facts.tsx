import type { HourlyRate, TeamSize } from "@/db/enums";
import { budgetLabel, HOURLY_RATE_LABELS, languagesLabel, locationLabel, TEAM_SIZE_LABELS } from "@/components/directory/fact-labels";
import styles from "./profile-facts.module.css";

export interface ProfileFactValues {
  countryCode: string | null;
  city: string | null;
  remote: boolean;
  languages: readonly string[];
  teamSize: TeamSize | null;
  hourlyRate: HourlyRate | null;
  minProjectBudget: number | null;
  foundedYear: number | null;
  acceptingClients: boolean;
}

/**
 * The facts a client chooses by, as a list of terms and values. Facts the provider has not stated are
 * left out; whether it takes new clients and works remotely are always known, so the panel is never empty.
 */
export function ProfileFacts({ facts, heading: Heading = "h2" }: { facts: ProfileFactValues; heading?: "h2" | "h4" }) {
  const location = locationLabel(facts.countryCode, facts.city);
  const rows: [term: string, value: string][] = [];
  if (location) rows.push(["Location", location]);
  rows.push(["Works remotely", facts.remote ? "Yes, with clients anywhere" : "No, on site only"]);
  if (facts.languages.length > 0) rows.push(["Languages", languagesLabel(facts.languages)]);
  if (facts.teamSize) rows.push(["Team size", TEAM_SIZE_LABELS[facts.teamSize]]);
  if (facts.hourlyRate) rows.push(["Hourly rate", HOURLY_RATE_LABELS[facts.hourlyRate]]);
  if (facts.minProjectBudget !== null) rows.push(["Minimum project", budgetLabel(facts.minProjectBudget)]);
  if (facts.foundedYear !== null) rows.push(["Founded", String(facts.foundedYear)]);
  return (
    <section aria-labelledby="facts-heading" className={styles.facts} data-testid="profile-facts">
      <Heading id="facts-heading" className={styles.heading}>
        At a glance
      </Heading>
      <p className={facts.acceptingClients ? styles.accepting : styles.notAccepting} data-testid="accepting-clients">
        <span aria-hidden="true" className={styles.dot} />
        {facts.acceptingClients ? "Accepting new clients" : "Not taking new clients at the moment"}
      </p>
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
