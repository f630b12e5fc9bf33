import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";

/**
 * What privacy_requests.mailbox_hash holds, and what an erased sent email's `to` becomes: the
 * SHA-256 (hex) of the address's mailbox key. Never the address nor the key.
 */
export function mailboxHash(address: string): string {
  return createHash("sha256").update(mailboxKey(address)).digest("hex");
}

/**
 * mailboxKey (lib/rate-limit/mailbox-key.ts) as SQL, over a column holding addresses as our forms
 * store them (emailSchema: NFKC-normalised, trimmed, lower-cased, ASCII by z.email), so Postgres can
 * match every row of one mailbox without the address: the last "@" splits, a "+tag" goes (not a
 * leading "+"), and gmail.com / googlemail.com lose their dots (unless nothing would remain).
 * lower(btrim()) repeats what is already true of such values; NFKC is not repeated (it changes
 * nothing in ASCII). mailbox-hash.test.ts holds it to the TypeScript function.
 */
export function mailboxKeySql(column: SQL | SQL.Aliased | unknown): SQL {
  const value = sql`lower(btrim(${column}))`;
  const local = sql`substring(${value} from '^(.*)@[^@]*$')`;
  const domain = sql`substring(${value} from '@([^@]*)$')`;
  const untagged = sql`(case when strpos(${local}, '+') > 1 then substr(${local}, 1, strpos(${local}, '+') - 1) else ${local} end)`;
  return sql`(case
    when strpos(${value}, '@') = 0 or ${value} ~ '^@[^@]*$' then ${value}
    when ${domain} in ('gmail.com', 'googlemail.com') then coalesce(nullif(replace(${untagged}, '.', ''), ''), ${untagged}) || '@gmail.com'
    else ${untagged} || '@' || ${domain}
  end)`;
}

/** mailboxHash as SQL: true for a row whose address column belongs to the hashed mailbox. */
export function belongsToMailbox(column: unknown, hash: string): SQL {
  return sql`(${column} is not null and encode(sha256(convert_to(${mailboxKeySql(column)}, 'UTF8')), 'hex') = ${hash})`;
}
