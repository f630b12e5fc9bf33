import { sql } from "drizzle-orm";
import { executeRows, type Db } from "./client";
import journal from "./migrations/meta/_journal.json";

// Whether the database's schema is at this build's latest migration, as drizzle's migrator decides
// it: the migrator records each migration it applies in drizzle.__drizzle_migrations with the
// `when` of its journal entry (db/migrations/meta/_journal.json) as created_at, and applies every
// migration newer than the newest row. The journal is bundled into the build, so "latest" is this
// build's, whatever the files beside it say.

const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

interface JournalEntry {
  tag: string;
  when: number;
}

export const BUILD_MIGRATION: JournalEntry = (() => {
  const entries = (journal as { entries: JournalEntry[] }).entries;
  const latest = entries.reduce((a, b) => (b.when > a.when ? b : a));
  return { tag: latest.tag, when: latest.when };
})();

export type SchemaStatus =
  /** At this build's latest migration, or past it (a newer release migrated first: migrations stay backward compatible). */
  | { state: "current"; appliedMigrations: number }
  /** No migration history at all: the schema was never migrated. */
  | { state: "empty" }
  /** Older than this build: the newest applied migration predates the build's latest. */
  | { state: "behind"; appliedMigrations: number; newestApplied: number | null }
  /** The database role may not read the migration history (42501). */
  | { state: "unreadable" };

export async function readSchemaStatus(db: Db): Promise<SchemaStatus> {
  let history: { count: number; newest: number | null } | null;
  try {
    history = await readHistory(db);
  } catch (error) {
    // Without USAGE on the schema drizzle, even to_regclass refuses (42501).
    if (sqlState(error) === "42501") return { state: "unreadable" };
    throw error;
  }
  if (!history || history.count === 0) return { state: "empty" };
  if (history.newest !== null && history.newest >= BUILD_MIGRATION.when) return { state: "current", appliedMigrations: history.count };
  return { state: "behind", appliedMigrations: history.count, newestApplied: history.newest };
}

/** How many migrations the database records and the newest one's `when`; null without the table. */
async function readHistory(db: Db): Promise<{ count: number; newest: number | null } | null> {
  const [table] = await executeRows<{ present: boolean }>(db, sql`select to_regclass(${MIGRATIONS_TABLE}) is not null as "present"`);
  if (!table?.present) return null;
  const [row] = await executeRows<{ count: number; newest: string | null }>(
    db,
    sql`select count(*)::int as "count", max(created_at)::text as "newest" from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), newest: row?.newest == null ? null : Number(row.newest) };
}

/** The SQLSTATE of a failed statement: drizzle wraps the driver's error, which carries it, as its cause. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
