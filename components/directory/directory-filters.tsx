import { SPECIALTIES, TEAM_SIZES } from "@/db/enums";
import { LIST_SORTS, type ListSort } from "@/lib/public-listing/list-query-schema";
import type { ListingFacets } from "@/lib/public-listing/list-listing-facets";
import { countryName, languageName } from "@/lib/validation/iso-codes";
import { AutoApplyForm } from "./auto-apply-form";
import { SHOW_RESULTS_ATTRIBUTE } from "./results-focus-targets";
import { DEFAULT_SORT, defaultSortFor } from "./directory-params";
import { BUDGET_CHOICES, budgetChoiceLabel, SORT_LABELS } from "./directory-labels";
import { activeFilterCount, directorySearch, type DirectoryFilters as Filters } from "./directory-query";
import styles from "./directory.module.css";
import { TEAM_SIZE_LABELS } from "./fact-labels";
import { SPECIALTY_LABELS } from "./specialty-labels";

/**
 * The countries or languages some listed provider has (the rest would only lead to an empty list), and
 * the one a link chose even if none has it now, by name in alphabetical order.
 */
function offered(codes: string[], chosen: string | undefined, name: (code: string) => string) {
  const all = chosen && !codes.includes(chosen) ? [...codes, chosen] : codes;
  return all.map((code) => ({ value: code, label: name(code) })).sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/**
 * Every filter and order of the list API, as one GET form: it works without JavaScript and every
 * choice lands in the URL. The search box stays in view; the filters fold into "Filters (n)" on
 * phones and are always open on wider screens (directory.module.css).
 */
/**
 * The sort picker's choices, the default order first: the best match while there is a search term,
 * else the recommended order (defaultSortFor). A term typed into the box of a list shown without one
 * still gets the best match: the form drops an order left at the default it was shown with
 * (auto-apply-form.tsx). Without JavaScript the browser sends that order, and the list keeps it.
 */
function sortChoices(q: string | undefined): ListSort[] {
  const others = LIST_SORTS.filter((s) => s !== "relevance" && s !== DEFAULT_SORT);
  return q ? ["relevance", DEFAULT_SORT, ...others] : [DEFAULT_SORT, ...others];
}

export function DirectoryFilters({ filters, facets, total }: { filters: Filters; facets: ListingFacets; total: number }) {
  const count = activeFilterCount(filters);
  const budgets = [...new Set<number>([...BUDGET_CHOICES, ...(filters.budget !== undefined ? [filters.budget] : [])])].sort((a, b) => a - b);
  return (
    <AutoApplyForm search={directorySearch(filters)} className={styles.filters}>
      <div className={styles.searchRow}>
        <label htmlFor="directory-q" className={styles.searchLabel}>
          Search
        </label>
        <div className={styles.searchBox}>
          <input
            id="directory-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={100}
            placeholder="Name or keyword"
            autoComplete="off"
          />
          <button type="submit" className={styles.button}>
            Search
          </button>
        </div>
      </div>

      <details className={styles.panel}>
        <summary className={styles.panelSummary}>
          Filters{count > 0 ? ` (${count})` : ""}
        </summary>
        <div className={styles.panelBody}>
          <div className={styles.fieldGrid}>
            <Select id="directory-specialty" name="specialty" label="Specialty" value={filters.specialty?.toLowerCase()} any="Any specialty">
              {SPECIALTIES.map((s) => ({ value: s.toLowerCase(), label: SPECIALTY_LABELS[s] }))}
            </Select>
            <Select id="directory-country" name="country" label="Country" value={filters.country} any="Any country">
              {offered(facets.countries, filters.country, countryName)}
            </Select>
            <Select id="directory-language" name="language" label="Language" value={filters.language} any="Any language">
              {offered(facets.languages, filters.language, languageName)}
            </Select>
            <Select
              id="directory-budget"
              name="budget"
              label="Your budget"
              hint="Providers whose minimum project is at most this"
              value={filters.budget === undefined ? undefined : String(filters.budget)}
              any="Any budget"
            >
              {budgets.map((amount) => ({ value: String(amount), label: budgetChoiceLabel(amount) }))}
            </Select>
            <Select id="directory-sort" name="sort" label="Sort by" value={filters.sort ?? defaultSortFor(filters.q)} shownDefault={defaultSortFor(filters.q)}>
              {sortChoices(filters.q).map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            </Select>
          </div>
          <div className={styles.choiceGroups}>
            <fieldset className={styles.choices}>
              <legend>Team size</legend>
              {TEAM_SIZES.map((band) => (
                <Check key={band} id={`directory-team-${band}`} name="teamSize" value={band} checked={filters.teamSize?.includes(band)}>
                  {TEAM_SIZE_LABELS[band]}
                </Check>
              ))}
            </fieldset>
            <fieldset className={styles.choices}>
              <legend>Show only</legend>
              <Check id="directory-accepting" name="acceptingClients" value="true" checked={filters.acceptingClients}>
                Accepting new clients
              </Check>
              <Check id="directory-remote" name="remote" value="true" checked={filters.remote}>
                Works remotely
              </Check>
              <Check id="directory-featured" name="featured" value="true" checked={filters.featured}>
                Featured only
              </Check>
            </fieldset>
          </div>
          <div className={styles.noScriptActions}>
            <button type="submit" className={styles.button}>
              Apply filters
            </button>
          </div>
          {/* Phones with JavaScript: the choices applied as they were made; this folds the panel and shows them. */}
          <div className={styles.showResults}>
            <button type="button" className={styles.button} {...{ [SHOW_RESULTS_ATTRIBUTE]: "" }}>
              Show {total} {total === 1 ? "result" : "results"}
            </button>
          </div>
        </div>
      </details>
    </AutoApplyForm>
  );
}

function Select(props: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string | undefined;
  /** The "no filter" choice; the sort has none (its default order has a value, so a GET form always names one). */
  any?: string;
  /** The sort's default order for the list shown (data-default, read by auto-apply-form.tsx). */
  shownDefault?: string;
  children: { value: string; label: string }[];
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""} aria-describedby={hintId} data-default={props.shownDefault}>
        {props.any !== undefined ? <option value="">{props.any}</option> : null}
        {props.children.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.hint ? (
        <p id={hintId} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function Check(props: { id: string; name: string; value: string; checked: boolean | undefined; children: React.ReactNode }) {
  return (
    <div className={styles.checkField}>
      <input id={props.id} name={props.name} type="checkbox" value={props.value} defaultChecked={props.checked ?? false} />
      <label htmlFor={props.id}>{props.children}</label>
    </div>
  );
}
