import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { executeRows, MIGRATIONS_FOLDER, type Db } from "./client";

// The SQL functions the migrations define (triggers of the listing version, search vectors and prefix
// counts, facet counts) are replaced migration after migration: `provider_listing_changed` has three
// bodies in three files. The current one of each is written out in db/functions/<name>.sql, made from
// the migrated database itself, so a reader finds it in one place; db/sql-functions.test.ts fails when
// a migration changes a function and its file was not written again (`npm run db:functions`).

export const FUNCTIONS_FOLDER = path.join(process.cwd(), "db", "functions");

interface FunctionRow extends Record<string, unknown> {
  name: string;
  arguments: string;
  result: string;
  language: string;
  volatility: string;
  parallel: string;
  body: string;
}

const VOLATILITY: Record<string, string> = { i: "IMMUTABLE", s: "STABLE", v: "VOLATILE" };
const PARALLEL: Record<string, string> = { s: "PARALLEL SAFE", r: "PARALLEL RESTRICTED", u: "" };

/** Each function of the public schema, as the file that holds its current definition reads. */
export async function currentSqlFunctionFiles(db: Db): Promise<Map<string, string>> {
  const rows = await executeRows<FunctionRow>(
    db,
    sql`select p.proname as name, pg_get_function_arguments(p.oid) as arguments,
               pg_get_function_result(p.oid) as result, l.lanname as language,
               p.provolatile as volatility, p.proparallel as parallel, p.prosrc as body
          from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          join pg_language l on l.oid = p.prolang
         where n.nspname = current_schema() and p.prokind = 'f' and l.lanname in ('sql', 'plpgsql')
         order by p.proname, pg_get_function_arguments(p.oid)`,
  );
  const lastSetBy = migrationsDefining();
  const files = new Map<string, string>();
  for (const row of rows) {
    const attributes = [`LANGUAGE ${row.language}`, VOLATILITY[row.volatility] ?? "", PARALLEL[row.parallel] ?? ""].filter(Boolean).join(" ");
    const text =
      `-- The current definition of ${row.name}, last set by db/migrations/${lastSetBy.get(row.name) ?? "(no migration names it)"}.\n` +
      `-- Written from the migrated database by \`npm run db:functions\`; change it with a new migration.\n` +
      `CREATE OR REPLACE FUNCTION "${row.name}"(${row.arguments}) RETURNS ${row.result} ${attributes} AS $fn$${row.body}$fn$;\n`;
    files.set(`${row.name}.sql`, (files.get(`${row.name}.sql`) ?? "") + text);
  }
  return files;
}

/** For each function name, the last migration file that creates or replaces it. */
function migrationsDefining(): Map<string, string> {
  const defining = new Map<string, string>();
  const migrations = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql")).sort();
  for (const file of migrations) {
    const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8");
    for (const match of text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION "?([a-z_0-9]+)"?\s*\(/gi)) defining.set(match[1]!, file);
  }
  return defining;
}

/** The files db/functions/ holds now. */
export function writtenSqlFunctionFiles(): Map<string, string> {
  if (!fs.existsSync(FUNCTIONS_FOLDER)) return new Map();
  return new Map(
    fs
      .readdirSync(FUNCTIONS_FOLDER)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => [f, fs.readFileSync(path.join(FUNCTIONS_FOLDER, f), "utf8")]),
  );
}
