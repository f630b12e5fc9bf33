import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { POST as INVITE } from "@/app/api/provider/studio/members/route";
import { POST as INTEREST } from "@/app/api/public/studio/providers/interest/route";
import { dispatchDueEmails, MAX_SEND_ATTEMPTS, type DispatchOptions } from "@/lib/email/dispatcher";
import { createResendTransport } from "@/lib/email/transports/resend";
import { withEnv } from "@/test/support/env";
import { makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call } from "@/test/support/http";
import { reportFigures } from "./database-dump";
import { startMailServiceStandIn, type MailMode } from "./mail-service-stand-in";

// The outbox promise: an email accepted with its change is delivered once the mail service is back,
// exactly once, whatever the service did meanwhile (500s, 429s, answers lost after delivery, hangs).
// The dispatcher runs as in production, two instances at once; only the backoff is fast-forwarded.

const APPLICATIONS = 30;
const INVITATIONS = 10;
const SEND_TIMEOUT_MS = 150;
const figures = { accepted: 0, sent: 0, duplicates: 0, lost: 0, requests: 0, outageRequests: 0 };

afterAll(() => {
  const percent = figures.accepted === 0 ? 0 : Math.round((figures.sent / figures.accepted) * 1000) / 10;
  reportFigures(
    "email-faults",
    `${figures.accepted} emails accepted during the outage, ${figures.sent} eventually sent (${percent} %), ` +
      `${figures.duplicates} duplicates, ${figures.lost} lost; ${figures.requests} provider requests (${figures.outageRequests} during the outage)`,
  );
});

/** Makes every unsent row due now, as if its backoff had passed. */
async function fastForward() {
  await getDb()
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)));
}

describe("the email service fails in every way, then recovers", () => {
  it("delivers every accepted email exactly once after recovery, keyed by its outbox id", { timeout: 180_000 }, async () => {
    const db = getDb();
    const service = await startMailServiceStandIn({ slowAcceptMs: SEND_TIMEOUT_MS * 3 });
    try {
      const transport = await withEnv({ RESEND_BASE_URL: service.url }, async () =>
        createResendTransport({ apiKey: "re_test_key", timeoutMs: SEND_TIMEOUT_MS }),
      );
      const options: DispatchOptions = { transport, batchSize: 50, leaseSeconds: 30, sendTimeoutMs: SEND_TIMEOUT_MS * 2 };
      const dispatchTwice = () => Promise.all([dispatchDueEmails(db, options), dispatchDueEmails(db, options)]);

      // The outage starts before anything is accepted.
      service.setMode("error500");
      const recipients: string[] = [];
      for (let i = 0; i < APPLICATIONS; i++) {
        const email = `outage-${i}-${process.pid}@example.com`;
        const response = await call(INTEREST, "/api/public/studio/providers/interest", {
          json: { fullName: `Applicant ${i}`, email, description: "Applied while the mail service was down." },
        });
        expect(response.status).toBe(201);
        recipients.push(email);
      }
      const { key } = await makeProviderWithOwner(db);
      for (let i = 0; i < INVITATIONS; i++) {
        const invitee = await makeUser(db);
        const response = await call(INVITE, "/api/provider/studio/members", { key, json: { email: invitee.email } });
        expect(response.status).toBe(201);
        recipients.push(invitee.email);
      }
      const queued = await db.select().from(emailOutbox);
      figures.accepted = queued.length;
      expect(queued).toHaveLength(APPLICATIONS + INVITATIONS);

      // Each outage mode gets a dispatch by two instances; fewer rounds than MAX_SEND_ATTEMPTS.
      const outage: MailMode[] = ["error500", "rate-limited", "slow-accept", "hang", "error500", "hang"];
      expect(outage.length).toBeLessThan(MAX_SEND_ATTEMPTS);
      for (const mode of outage) {
        service.setMode(mode);
        await fastForward();
        // A hanging send holds its row until the timeout; repeat until every row had its attempt.
        for (let pass = 0; pass < 5; pass++) {
          const results = await dispatchTwice();
          if (results.every((r) => r.claimed === 0)) break;
        }
      }
      figures.outageRequests = service.requests.length;
      const sentDuringOutage = await db.select().from(emailOutbox).where(sql`${emailOutbox.sentAt} is not null`);
      expect(sentDuringOutage).toHaveLength(0);

      // Recovery: the same dispatcher settings but a patient timeout, so a slow test machine cannot
      // turn a healthy answer into another failed attempt.
      service.setMode("up");
      const patient = await withEnv({ RESEND_BASE_URL: service.url }, async () =>
        createResendTransport({ apiKey: "re_test_key", timeoutMs: 5_000 }),
      );
      const recover = { ...options, transport: patient, sendTimeoutMs: 6_000 };
      for (let round = 0; round < 3; round++) {
        await fastForward();
        await Promise.all([dispatchDueEmails(db, recover), dispatchDueEmails(db, recover)]);
      }

      const rows = await db.select().from(emailOutbox);
      figures.requests = service.requests.length;
      figures.sent = rows.filter((r) => r.sentAt !== null).length;
      for (const to of recipients) {
        const n = service.deliveriesTo(to);
        if (n === 0) figures.lost += 1;
        if (n > 1) figures.duplicates += n - 1;
      }
      expect(rows.filter((r) => r.sentAt === null)).toEqual([]);
      expect(rows.filter((r) => r.failedAt !== null)).toEqual([]);
      expect({ lost: figures.lost, duplicates: figures.duplicates }).toEqual({ lost: 0, duplicates: 0 });
      // Every request for a row carried that row's id as its idempotency key.
      const ids = new Set(rows.map((r) => r.id));
      expect(service.requests.filter((r) => !ids.has(r.key))).toEqual([]);
      // The answers lost after delivery were retried under the same key, not delivered again.
      const lostAnswers = service.requests.filter((r) => r.mode === "slow-accept").length;
      expect(lostAnswers).toBeGreaterThan(0);
      // Sent rows keep no body: verification links are secrets.
      expect(rows.filter((r) => r.text !== null || r.html !== null)).toEqual([]);
      // Nothing was sent again once sent: a second recovery round asks the service for nothing.
      const before = service.requests.length;
      await fastForward();
      await Promise.all([dispatchDueEmails(db, recover), dispatchDueEmails(db, recover)]);
      expect(service.requests.length).toBe(before);
    } finally {
      await service.close();
    }
  });

  it("an email the service keeps failing is dead-lettered after MAX_SEND_ATTEMPTS attempts and tried no more", async () => {
    const db = getDb();
    const service = await startMailServiceStandIn({ slowAcceptMs: 10 });
    try {
      const transport = await withEnv({ RESEND_BASE_URL: service.url }, async () =>
        createResendTransport({ apiKey: "re_test_key", timeoutMs: SEND_TIMEOUT_MS }),
      );
      await db.delete(emailOutbox);
      service.setMode("error500");
      const email = `poison-${process.pid}@example.com`;
      const response = await call(INTEREST, "/api/public/studio/providers/interest", {
        json: { fullName: "Poison", email, description: "This one keeps failing until it gives up." },
      });
      expect(response.status).toBe(201);
      const options: DispatchOptions = { transport, batchSize: 50, leaseSeconds: 30, sendTimeoutMs: SEND_TIMEOUT_MS * 2 };
      for (let attempt = 0; attempt < MAX_SEND_ATTEMPTS + 3; attempt++) {
        await fastForward();
        await dispatchDueEmails(db, options);
      }
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(row!.failedAt).toBeInstanceOf(Date);
      expect(row!.attempts).toBe(MAX_SEND_ATTEMPTS);
      expect(service.requests).toHaveLength(MAX_SEND_ATTEMPTS);
    } finally {
      await service.close();
    }
  });
});
