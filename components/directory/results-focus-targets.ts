// The directory's places a visitor is taken back to: shared by the server-rendered page and the
// small scripts that move focus there (results-focus.tsx, back-to-results.tsx).

/** The "Design providers: showing 21–40 of 57" line: where focus goes after a page turn. */
export const RESULTS_SUMMARY_ID = "results-summary";

/** The filter panel's "Show N results" button (phones). */
export const SHOW_RESULTS_ATTRIBUTE = "data-show-results";

const CARD_PREFIX = "card-";

/** A card's element id, so the profile's "Back to results" can return to the card the visitor left. */
export function cardId(slug: string): string {
  return `${CARD_PREFIX}${slug}`;
}

/** The slug a card's id names, or null for any other id. */
export function slugOfCardId(id: string): string | null {
  return id.startsWith(CARD_PREFIX) ? id.slice(CARD_PREFIX.length) : null;
}
