import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

// Any fixed number: serialises migrations when several app instances start at once.
export const MIGRATION_LOCK_ID = 7_240_611;

export interface PostgresMigrateOptions {
  url: string;
  migrationsFolder: string;
  /** How long to wait for another process's migration lock (0 or absent: forever). */
  lockTimeoutMs?: number;
  /** Named prepared statements (false behind a pooler that cannot carry them: DB_PREPARE). */
  prepare: boolean;
}

/**
 * Applies pending migrations in one transaction that first takes a transaction-scoped advisory
 * lock, so two processes never interleave and the second sees the first's work. Everything it sets
 * is set for that transaction only (`set_config(…, true)`, i.e. `SET LOCAL`), nothing as a start-up
 * parameter or a session setting: so it works unchanged through a pooler in transaction mode
 * (PgBouncer with its defaults), which keeps a transaction on one server connection but refuses
 * unknown start-up parameters and would hand a session lock or setting to someone else.
 * - `lock_timeout`: an instance stuck holding the migration lock makes the others fail (and retry on
 *   their next request, or the release step fail loudly) instead of hanging every one of them. It
 *   applies to the migrations' own lock waits as well (an ALTER TABLE behind a long query).
 * - `statement_timeout` 0: a migration may legitimately run long, whatever the role's default.
 */
export async function migratePostgres(options: PostgresMigrateOptions): Promise<void> {
  const client = postgres(options.url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 5,
    prepare: options.prepare,
    connection: { application_name: "provider-registry-migrate" },
  });
  try {
    await client.begin(async (tx) => {
      await tx.unsafe(
        "select set_config('statement_timeout', '0', true), set_config('lock_timeout', $1, true)",
        [String(options.lockTimeoutMs ?? 0)],
      );
      await tx.unsafe("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      await migrate(drizzle(withinTransaction(tx, client)), { migrationsFolder: options.migrationsFolder });
    });
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * The transaction as drizzle's migrator wants a client: it reads the applied migrations, then opens
 * a transaction of its own (`begin`) for the pending ones. Here that is a savepoint of ours, so the
 * read happens under the lock and the whole run is one transaction. The migrator also reads the
 * client's `options` (a transaction's sql has none of its own: they are the client's).
 */
function withinTransaction(tx: postgres.TransactionSql, client: postgres.Sql): postgres.Sql {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === "begin") return (fn: (sql: postgres.TransactionSql) => unknown) => target.savepoint(fn);
      if (property === "options") return client.options;
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as postgres.Sql;
}
