import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";

/**
 * The same database through a second drizzle instance whose logger records every statement it sends:
 * for rules of the form "refused without a database look-up". Nothing is mocked; the statements run.
 */
export function countingDb(db: Db): { db: Db; statements: string[] } {
  const client = (db as unknown as { $client: PGlite | Sql }).$client;
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const counted =
    client instanceof PGlite
      ? drizzlePglite(client, { schema, logger })
      : drizzlePostgres(client as Sql, { schema, logger });
  return { db: counted as unknown as Db, statements };
}
