import { sql, type SQL } from "drizzle-orm";

export const PLAN_EACH_TIME_MARK = "/* plan each time */";

/**
 * Put in a query whose best plan depends on its values (a text search: a rare word wants its few
 * matches sorted, a common one an order index walked), so it is never prepared: Postgres plans it
 * with the values each time. A prepared statement may be given a generic plan after five runs
 * (plan_cache_mode auto), planned for no value in particular: measured, four times slower for
 * sort=relevance and up to a hundred times for a common prefix.
 */
export const planEachTime: SQL = sql.raw(PLAN_EACH_TIME_MARK);
