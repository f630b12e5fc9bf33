import { asc } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, auditEvents, emailOutbox, interestApplications, providerMembers, providers } from "@/db/schema";

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
