import type { Db } from "./client";

/**
 * A query built once per database handle (drizzle's `.prepare()`), for the reads every request makes:
 * drizzle then skips composing its SQL each time, which a CPU profile of random profile reads put at
 * about a tenth of their Node.js time (docs/decisions/performance.md "Prepared statements").
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
