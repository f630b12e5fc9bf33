// The words of a search as Postgres reads them (lib/public-listing/list-search-sql.ts: plainto_tsquery over
// the unaccented text, 'simple' configuration, every word a prefix), for deciding without the
// database whether a provider's search words match (lib/listing-cache/change-effects.ts).

/** Latin-1 and Latin Extended-A letters: unaccent maps each to its base letter, as NFD does. */
const ACCENTED_LATIN = /[\u00c0-\u017f]/;

/**
 * The search's terms, lower-case and without accents, or null when only Postgres can say what its
 * parser makes of the text. Only text made of ASCII letters and digits, accented Latin letters and
 * spaces is read here: Postgres splits that at the spaces and nowhere else, exactly as below.
 * Anything else (punctuation, hyphens, other scripts, combining marks, other white space) is left to
 * the database. lib/public-listing/search-terms.test.ts holds this against Postgres, letter by letter.
 */
export function searchTerms(q: string): string[] | null {
  let plain = "";
  for (const c of q) {
    if (/[A-Za-z0-9 ]/.test(c)) plain += c;
    else if (ACCENTED_LATIN.test(c)) {
      const base = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      if (!/^[A-Za-z]+$/.test(base)) return null;
      plain += base;
    } else return null;
  }
  const terms = plain.toLowerCase().split(" ").filter((t) => t.length > 0);
  return terms.length > 0 ? terms : null;
}

/** Whether a document with these search words matches every term, each term as a prefix. */
export function matchesSearchWords(terms: readonly string[], words: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
