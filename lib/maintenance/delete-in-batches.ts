import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";

export interface BatchedDelete {
  deleted: number;
  /** Stopped at maxBatches with rows left: the next run continues. */
  more: boolean;
}

/**
 * Deletes the rows of `table` matching `where`, `batchSize` at a time, each batch its own statement,
 * so a large backlog never holds locks for long; rows another transaction holds are skipped (the
 * next run gets them). By ctid, so it works for tables whose key is not one column.
 */
export async function deleteInBatches(
  db: Db,
  params: { table: SQL; where: SQL; batchSize: number; maxBatches: number },
): Promise<BatchedDelete> {
  let deleted = 0;
  for (let batch = 0; batch < params.maxBatches; batch++) {
    const rows = await executeRows<{ n: number }>(db, sql`
      with doomed as (
        select ctid from ${params.table} where ${params.where} limit ${params.batchSize} for update skip locked
      ), gone as (
        delete from ${params.table} where ctid in (select ctid from doomed) returning 1
      )
      select count(*)::int as n from gone`);
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < params.batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}
