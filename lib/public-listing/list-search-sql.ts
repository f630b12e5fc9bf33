// The directory's text search as SQL (docs/decisions/search.md "Full text with prefixes, not trigrams"): the
// generated, GIN-indexed search_vector of migration 0005 matched against the visitor's words, each
// taken as a prefix, accent- and case-free.
import { ilike, or, sql, type SQL } from "drizzle-orm";
import { escapeLike } from "@/db/escape-like";
import { planEachTime } from "@/db/plan-each-time";
import { providers } from "@/db/schema";

/** Migration 0005's generated column; not declared in db/schema.ts (see the migration). */
const searchVector = sql`"providers"."search_vector"`;

/** True when the text has a letter or digit, i.e. words full-text search can match. */
function hasWords(q: string): boolean {
  return /[\p{L}\p{N}]/u.test(q);
}

/**
 * The visitor's words as a tsquery, every word a prefix: "cloud desi" -> 'cloud':* & 'desi':*.
 * plainto_tsquery splits the text exactly as to_tsvector split the documents ("Acme.io",
 * "e-commerce" stay whole, with their parts), and every step is IMMUTABLE, so with the text bound
 * the planner folds it to a constant and estimates the match count from the column's statistics.
 */
export function prefixQuery(q: string): SQL {
  return sql`to_tsquery('simple', regexp_replace(plainto_tsquery('simple', immutable_unaccent(${q}))::text, '''(\\s|$)', ''':*\\1', 'g'))`;
}

/** The condition for `q`: the words by full text; text without words (say "%") as a literal substring. */
export function searchCondition(q: string): SQL {
  // How many rows match decides the plan, so a search is planned with its words every time.
  if (hasWords(q)) return sql`${planEachTime} ${searchVector} @@ ${prefixQuery(q)}`;
  const pattern = `%${escapeLike(q)}%`;
  return sql`${planEachTime} ${or(ilike(providers.name, pattern), ilike(providers.headline, pattern), ilike(providers.description, pattern))}`;
}

/** How well a provider matches `q`, for sort=relevance: a name match outweighs a description match. */
export function searchRank(q: string): SQL {
  if (!hasWords(q)) return sql`0`;
  return sql`ts_rank(${searchVector}, ${prefixQuery(q)})`;
}
