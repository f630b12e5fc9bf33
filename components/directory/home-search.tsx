import { SPECIALTIES, type Specialty } from "@/db/enums";
import { directoryPath, directorySearchOf } from "./directory-params";
import directory from "./directory.module.css";
import styles from "./home-links.module.css";
import { SPECIALTY_LABELS } from "./specialty-labels";

/** What each specialty's tile says a visitor would go there for. */
const SPECIALTY_HINTS: Record<Specialty, string> = {
  DEVELOPMENT: "Web and mobile apps, back ends",
  DESIGN: "Product, brand and interface design",
  MARKETING: "Growth, SEO, content and campaigns",
  CONSULTING: "Strategy, audits and advice",
  DATA: "Analytics, pipelines and dashboards",
  DEVOPS: "Cloud, infrastructure and delivery",
  OTHER: "Everything else software needs",
};

/**
 * The home page's way into the directory (issue 31): a search box that is a plain GET form to the
 * directory (so it works without JavaScript and lands on the list's usual address), and one tile per
 * specialty linking to its list.
 */
export function HomeSearch() {
  return (
    <>
      <form method="get" action="/providers" role="search" aria-label="Search providers" className={styles.search}>
        <label htmlFor="home-q" className={styles.searchLabel}>
          Search providers by name, skill or words from their profile
        </label>
        <div className={directory.searchBox}>
          <input id="home-q" name="q" type="search" maxLength={100} autoComplete="off" placeholder="e.g. booking site, Shopify, data" />
          <button type="submit" className={directory.button}>
            Search
          </button>
        </div>
      </form>
      <section aria-labelledby="specialties-heading">
        <h2 id="specialties-heading">Browse by specialty</h2>
        <ul className={styles.tiles}>
          {SPECIALTIES.map((specialty) => (
            <li key={specialty}>
              <a className={styles.tile} href={directoryPath(directorySearchOf(new URLSearchParams({ specialty: specialty.toLowerCase() })))}>
                <span className={styles.tileName}>{SPECIALTY_LABELS[specialty]}</span>
                <span className={styles.tileHint}>{SPECIALTY_HINTS[specialty]}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
