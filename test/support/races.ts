// The race-test policy (docs/decisions.md, "Race tests need Postgres"). PGlite is one connection:
// two transactions started "at once" run one after the other, so a Promise.all burst there proves
// nothing about concurrency. A test whose point is that calls overlap carries the `race` tag; the
// tag skips it on PGlite (its definition in vitest.config.ts), and race-reporter.ts prints how many were skipped.

/** True when this run uses a Postgres server (TEST_DATABASE_URL), where a pool really overlaps calls. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The tag of tests that only mean something when calls really overlap (defined in vitest.config.ts). */
export const RACE_TAG = "race";

/** Test options for a race test: `it("…", raceTest, async () => …)`. */
export const raceTest = { tags: [RACE_TAG] };
