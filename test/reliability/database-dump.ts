import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";

// Shared by the reliability families: whole-database dumps (refusals change nothing; no secret is
// stored in plain text) and the one-line figures each family prints for docs/reliability.md.

/** Every table of the public schema, migrations bookkeeping included. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await executeRows(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  return rows.map((r) => String(r.name));
}

/** Every row of every table as JSON text (row_to_json), sorted, per table. */
export async function dumpDatabase(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const [schema, name] = table.split(".");
    const rows = await executeRows(db, sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t order by 1`));
    out[table] = rows.map((r) => String(r.row));
  }
  return out;
}

let fingerprintQuery: string | undefined;

/**
 * The database as a refused request must leave it: an md5 of every table's rows, in one query.
 * Columns that record the attempt itself are left out: api_keys.last_used_at (the key was presented).
 */
export async function refusalSnapshot(db: Db): Promise<string> {
  if (!fingerprintQuery) {
    fingerprintQuery = (await listTables(db))
      .map((table) => {
        const [schema, name] = table.split(".");
        const row = table === "public.api_keys" ? `(to_jsonb(t) - 'last_used_at')::text` : `to_jsonb(t)::text`;
        return `select '${table}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as sum from "${schema}"."${name}" t`;
      })
      .join(" union all ");
  }
  const rows = await executeRows(db, sql.raw(fingerprintQuery));
  return JSON.stringify(Object.fromEntries(rows.map((r) => [String(r.name), String(r.sum)])));
}

/** A changed table list between two refusal snapshots, for a readable failure message. */
export function changedTables(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys({ ...a, ...b }).filter((t) => JSON.stringify(a[t]) !== JSON.stringify(b[t]));
}

/** One line per family, grepped by scripts and copied into docs/reliability.md. */
export function reportFigures(family: string, figures: string): void {
  console.log(`[reliability] ${family}: ${figures}`);
}

/**
 * A whole-number knob of the reliability families (RELIABILITY_RUNS, RELIABILITY_RACE_ROUNDS), at
 * least 1: zero rounds or runs would pass while testing nothing, so such a value stops the run.
 */
export function countKnob(name: string, fallback: number, source: Record<string, string | undefined> = process.env): number {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name}=${JSON.stringify(raw)}: give a whole number of at least 1 (0 would test nothing)`);
  }
  return value;
}
