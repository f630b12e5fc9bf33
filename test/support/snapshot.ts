import { asc } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@/db/client";
import { apiKeys, auditEvents, emailOutbox, interestApplications, providerMembers, providers } from "@/db/schema";
import { changedTables, refusalSnapshot } from "@/test/reliability/database-dump";

/** Everything a refused request must leave untouched (last_used_at aside, which records the attempt's key). */
export async function snapshotWritableState(db: Db) {
  return JSON.stringify({
    providers: await db.select().from(providers).orderBy(asc(providers.id)),
    members: await db.select().from(providerMembers).orderBy(asc(providerMembers.id)),
    keys: (await db.select().from(apiKeys).orderBy(asc(apiKeys.id))).map(({ lastUsedAt: _ignored, ...rest }) => rest),
    applications: await db.select().from(interestApplications).orderBy(asc(interestApplications.id)),
    outbox: await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(asc(emailOutbox.id)),
    audit: await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id)),
  });
}

/**
 * Runs `call` and checks that it changed no row of any table (an md5 of every table before and after;
 * api_keys.last_used_at aside): for refusals whose title says "changes nothing". Answers what the call
 * answered, or throws what it threw, once the check has passed.
 */
export async function unchangedBy<T>(db: Db, call: () => Promise<T>): Promise<T> {
  const before = await refusalSnapshot(db);
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await call() };
  } catch (error) {
    outcome = { ok: false, error };
  }
  expect(changedTables(before, await refusalSnapshot(db)), "tables the call changed").toEqual([]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
