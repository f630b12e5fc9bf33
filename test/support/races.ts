// The Postgres-only test policy (docs/decisions/tests-and-reliability.md). PGlite is one
// connection: two transactions started "at once" run one after the other, so a Promise.all burst there
// proves nothing about concurrency, and there is no second session to hold a lock from nor a server to
// set. Such tests carry a tag that skips them on PGlite (the tags' definitions in vitest.config.ts), and
// race-reporter.ts prints, after vitest's summary, how many were skipped or ran.

/** True when this run uses a Postgres server (TEST_DATABASE_URL), where a pool really overlaps calls. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The tag of tests that only mean something when calls really overlap (defined in vitest.config.ts). */
export const RACE_TAG = "race";

/**
 * The tag of the other tests that need a Postgres server: a second session (another instance holding
 * a lock), or the server's own settings (statement_timeout, prepared statements). Not a race: say
 * `raceTest` when the point is that calls overlap.
 */
export const POSTGRES_TAG = "postgres";

/** Test options for a race test: `it("…", raceTest, async () => …)`. */
export const raceTest = { tags: [RACE_TAG] };

/** Test options for another Postgres-only test: `it("…", postgresOnlyTest, …)` or on a `describe`. */
export const postgresOnlyTest = { tags: [POSTGRES_TAG] };
