import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewEmailOptouts } from "@/db/schema-reviews";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";

/**
 * What review_email_optouts keeps of a mailbox: the SHA-256 of its mailboxKey, never the address, so
 * "ada+x@" and "a.da@gmail" are the same opted-out mailbox as "ada@gmail".
 */
export function reviewOptOutHash(address: string): string {
  return createHash("sha256").update(mailboxKey(address)).digest("hex");
}

/** The addresses among `addresses` whose mailbox asked for no review emails (every kind of them). */
export async function optedOutAddresses(db: Db, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const byHash = new Map(addresses.map((a) => [reviewOptOutHash(a), a]));
  const rows = await db
    .select({ hash: reviewEmailOptouts.mailboxHash })
    .from(reviewEmailOptouts)
    .where(inArray(reviewEmailOptouts.mailboxHash, [...byHash.keys()]));
  const out = new Set<string>();
  for (const { hash } of rows) {
    for (const a of addresses) if (reviewOptOutHash(a) === hash) out.add(a);
  }
  return out;
}
