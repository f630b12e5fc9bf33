import { sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { emailOutbox, rateLimitHits, sessions, users, verificationTokens } from "@/db/schema";
import { purgeExpiredRows } from "./purge-expired-rows";
import { MAINTENANCE_LOCK_ID, runMaintenance } from "./run-maintenance";

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const ahead = (interval: string) => sql`now() + ${interval}::interval`;

async function seed(): Promise<void> {
  const db = getDb();
  await db.delete(sessions);
  await db.delete(verificationTokens);
  await db.delete(rateLimitHits);
  await db.delete(emailOutbox);
  await db.delete(users);
  await db.insert(users).values({ id: "u1", email: "ada@example.com" });
  await db.insert(sessions).values([
    { sessionToken: "expired-session", userId: "u1", expires: ago("1 minute") },
    { sessionToken: "current-session", userId: "u1", expires: ahead("7 days") },
  ]);
  await db.insert(verificationTokens).values([
    { identifier: "ada@example.com", token: "expired-token", expires: ago("1 hour") },
    { identifier: "ada@example.com", token: "current-token", expires: ahead("10 minutes") },
  ]);
  await db.insert(rateLimitHits).values([
    { key: "test:expired", createdAt: ago("2 hours"), expiresAt: ago("1 hour") },
    { key: "test:current", expiresAt: ahead("1 hour") },
  ]);
  const email = { kind: "VERIFICATION" as const, subject: "s" };
  await db.insert(emailOutbox).values([
    { ...email, to: "old-sent@example.com", sentAt: ago("31 days"), createdAt: ago("31 days") },
    { ...email, to: "recent-sent@example.com", sentAt: ago("29 days"), createdAt: ago("29 days") },
    { ...email, to: "old-dead@example.com", text: "t", attempts: 10, failedAt: ago("90 days"), createdAt: ago("90 days") },
    { ...email, to: "old-queued@example.com", text: "t", createdAt: ago("90 days"), nextAttemptAt: ago("90 days") },
  ]);
}

async function left() {
  const db = getDb();
  return {
    sessions: (await db.select({ t: sessions.sessionToken }).from(sessions)).map((r) => r.t),
    tokens: (await db.select({ t: verificationTokens.token }).from(verificationTokens)).map((r) => r.t),
    hits: (await db.select({ k: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.k),
    emails: (await db.select({ to: emailOutbox.to }).from(emailOutbox)).map((r) => r.to).sort(),
  };
}

beforeEach(seed);

describe("the retention purge", () => {
  it("deletes expired sessions, sign-in tokens and rate-limit hits and old sent emails; keeps the current ones", async () => {
    const result = await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 30 });
    expect(result).toEqual({
      rateLimitHits: { deleted: 1, more: false },
      verificationTokens: { deleted: 1, more: false },
      sessions: { deleted: 1, more: false },
      sentEmails: { deleted: 1, more: false },
      invitationAccounts: { deleted: 0, more: false },
    });
    expect(await left()).toEqual({
      sessions: ["current-session"],
      tokens: ["current-token"],
      hits: ["test:current"],
      // Unsent emails stay, however old: they are the operator's to retry or inspect.
      emails: ["old-dead@example.com", "old-queued@example.com", "recent-sent@example.com"],
    });
    expect(await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 30 })).toMatchObject({ sentEmails: { deleted: 0 } });
  });

  it("keeps sent emails for the retention given", async () => {
    const result = await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 0 });
    expect(result.sentEmails).toEqual({ deleted: 2, more: false });
    expect((await left()).emails).toEqual(["old-dead@example.com", "old-queued@example.com"]);
  });

  it("stops after its batches and says more is left", async () => {
    const db = getDb();
    await db.insert(sessions).values(
      Array.from({ length: 4 }, (_, i) => ({ sessionToken: `gone-${i}`, userId: "u1", expires: ago("1 day") })),
    );
    const first = await purgeExpiredRows(db, { sentEmailRetentionDays: 30, batchSize: 2, maxBatches: 2 });
    expect(first.sessions).toEqual({ deleted: 4, more: true });
    const second = await purgeExpiredRows(db, { sentEmailRetentionDays: 30, batchSize: 2, maxBatches: 2 });
    expect(second.sessions).toEqual({ deleted: 1, more: false });
    expect((await left()).sessions).toEqual(["current-session"]);
  });

  it("runs under the maintenance lock", async () => {
    expect(await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).toMatchObject({ ran: true, purged: { sessions: { deleted: 1 } } });
  });

  // Another instance's run holds the lock: only Postgres has a second session to hold it from.
  it.skipIf(!process.env.TEST_DATABASE_URL)("skips, without waiting, while another instance runs it", async () => {
    const [row] = await executeRows<{ name: string }>(getDb(), sql`select current_database() as name`);
    const other = new URL(process.env.TEST_DATABASE_URL!);
    other.pathname = `/${row!.name}`;
    const instance = postgres(other.toString(), { max: 1, onnotice: () => {} });
    try {
      await instance.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${MAINTENANCE_LOCK_ID})`;
        expect(await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).toEqual({
          ran: false,
          reason: "another instance is running it",
        });
      });
      expect((await left()).sessions).toContain("expired-session");
      expect((await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).ran).toBe(true);
    } finally {
      await instance.end();
    }
  });
});
