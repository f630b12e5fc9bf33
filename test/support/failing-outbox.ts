import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * Makes every insert into the email outbox addressed to `to` fail, as a full disk or a broken
 * constraint would, inside whatever transaction queues it (a trigger, so the code under test runs
 * unchanged). Returns the undo. For tests that an email and the row it belongs to commit together.
 */
export async function failOutboxInsertsTo(db: Db, to: string): Promise<() => Promise<void>> {
  const name = `fail_outbox_${Math.random().toString(36).slice(2, 10)}`;
  await db.execute(
    sql.raw(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if new."to" = '${to.replaceAll("'", "''")}' then
        raise exception 'outbox insert refused by the test';
      end if;
      return new;
    end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert on email_outbox for each row execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on email_outbox`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
