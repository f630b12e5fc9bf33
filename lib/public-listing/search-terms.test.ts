// searchTerms and matchesSearchWords decide, without the database, whether a change can alter a
// cached search (lib/listing-cache/change-effects.ts). A wrong "no" would keep a stale total, so
// every answer they give must be Postgres's own: held here against the database, letter by letter.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeRows } from "@/db/client";
import { getDb } from "@/db";
import { prefixQuery } from "./list-search-sql";
import { matchesSearchWords, searchTerms } from "./search-terms";

async function postgresTerms(q: string): Promise<string[]> {
  const [row] = await executeRows<{ terms: string[] }>(
    getDb(),
    sql`select coalesce(array_agg(distinct t order by t), '{}') as terms
        from unnest(tsvector_to_array(to_tsvector('simple', immutable_unaccent(${q})))) t`,
  );
  return row!.terms;
}

const distinctSorted = (terms: string[]) => [...new Set(terms)].sort();

describe("searchTerms", () => {
  it("reads every accented Latin letter as Postgres does, or leaves the text to Postgres", async () => {
    let read = 0;
    for (let code = 0xc0; code <= 0x17f; code++) {
      for (const q of [`x${String.fromCodePoint(code)}y`, `${String.fromCodePoint(code)} Cafe`]) {
        const terms = searchTerms(q);
        if (terms === null) continue;
        read++;
        expect(distinctSorted(terms), q).toEqual(await postgresTerms(q));
      }
    }
    // Nearly all of them are read here (× and ÷ are not letters; ß, æ, ø, đ, ł… have no decomposition).
    expect(read).toBeGreaterThan(300);
  });

  it("reads letters, digits and spaces as Postgres does", async () => {
    for (const q of ["Cloud", "desi", "cloud  DESIGN studio", "48213", "a1b2 C3", "Zürich Crème", "007 x9", " lead trail "]) {
      expect(distinctSorted(searchTerms(q)!), q).toEqual(await postgresTerms(q));
    }
  });

  it("leaves punctuation, other scripts, combining marks and other spaces to Postgres", () => {
    for (const q of ["e-commerce", "acme.io", "café\u0301", "e\u0301cole", "東京", "a\u00a0b", "a\tb", "ﬁne", "\u212b", "%", "ø", ""]) {
      expect(searchTerms(q), q).toBeNull();
    }
  });
});

describe("matchesSearchWords", () => {
  it("matches as the search index does: every term the start of some word", async () => {
    const documents = ["Pixel Forge brand identities", "Zürich Cloud Consulting", "We design data pipelines", "Studio 48213"];
    const queries = ["pix", "forge brand", "zurich cloud", "cloud zurich", "design", "des pipe", "482", "48213", "studio 9", "data zzz"];
    for (const document of documents) {
      const [row] = await executeRows<{ words: string[] }>(
        getDb(),
        sql`select tsvector_to_array(to_tsvector('simple', immutable_unaccent(${document}))) as words`,
      );
      for (const q of queries) {
        const [match] = await executeRows<{ matched: boolean }>(
          getDb(),
          sql`select to_tsvector('simple', immutable_unaccent(${document})) @@ ${prefixQuery(q)} as matched`,
        );
        expect(matchesSearchWords(searchTerms(q)!, row!.words), `${q} in ${document}`).toBe(match!.matched);
      }
    }
  });
});
