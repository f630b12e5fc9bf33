import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { devMailbox, emailOutbox } from "@/db/schema";
import { env } from "@/lib/config/env";
import { startResendStandIn } from "@/test/support/stub-server";
import { MAX_SEND_ATTEMPTS, dispatchDueEmails, retryDelaySeconds } from "./dispatcher";
import { enqueueEmail } from "./outbox";
import { verificationEmail } from "@/lib/applications/emails";
import { createMailboxTransport } from "./transports/mailbox";
import { createResendTransport } from "./transports/resend";
import { sendFailure, type EmailTransport } from "./transports/types";

/** The SDK reads RESEND_BASE_URL when the client is constructed. */
function resendTransportAt(url: string, timeoutMs?: number): EmailTransport {
  const previous = process.env.RESEND_BASE_URL;
  process.env.RESEND_BASE_URL = url;
  try {
    return createResendTransport({ apiKey: "re_test_key", timeoutMs });
  } finally {
    if (previous === undefined) delete process.env.RESEND_BASE_URL;
    else process.env.RESEND_BASE_URL = previous;
  }
}

async function enqueueVerification(to = "ada@example.com"): Promise<string> {
  const message = verificationEmail({ verifyUrl: "https://app.test/verify?token=secret-token" });
  return enqueueEmail(getDb(), { kind: "VERIFICATION", to, message });
}

async function outboxRow(id: string) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

async function makeDue(id: string) {
  await getDb().update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
}

beforeEach(async () => {
  await getDb().delete(emailOutbox);
  await getDb().delete(devMailbox);
});

describe("dispatchDueEmails with the Resend transport", () => {
  it("retries after a provider 500 with the same idempotency key, sends once, then clears the bodies", async () => {
    const standIn = await startResendStandIn([
      { status: 500, body: { statusCode: 500, name: "internal_server_error", message: "boom" } },
      { status: 200, body: { id: "re_msg_1" } },
    ]);
    try {
      const db = getDb();
      const transport = resendTransportAt(standIn.url);
      const id = await enqueueVerification();

      const first = await dispatchDueEmails(db, { transport });
      expect(first).toEqual({ claimed: 1, sent: 0, failed: 0, retried: 1 });
      const failed = await outboxRow(id);
      expect(failed.sentAt).toBeNull();
      expect(failed.failedAt).toBeNull();
      expect(failed.lockedUntil).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toContain("500");
      expect(failed.lastError).not.toContain("secret-token");
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2000);

      // Not due yet: nothing is claimed before the back-off has passed.
      expect(await dispatchDueEmails(db, { transport })).toEqual({ claimed: 0, sent: 0, failed: 0, retried: 0 });

      await makeDue(id);
      expect(await dispatchDueEmails(db, { transport })).toEqual({ claimed: 1, sent: 1, failed: 0, retried: 0 });
      const sent = await outboxRow(id);
      expect(sent.sentAt).not.toBeNull();
      expect(sent.providerMessageId).toBe("re_msg_1");
      expect(sent.text).toBeNull();
      expect(sent.html).toBeNull();
      expect(sent.lastError).toBeNull();

      expect(standIn.seen.map((r) => r.status)).toEqual([500, 200]);
      expect(standIn.seen.map((r) => r.headers["idempotency-key"])).toEqual([id, id]);
      expect(standIn.seen[1]!.headers.authorization).toBe("Bearer re_test_key");
      expect(standIn.seen[1]!.body).toMatchObject({ from: env().EMAIL_FROM, to: "ada@example.com" });
      expect(String(standIn.seen[1]!.body.text)).toContain("https://app.test/verify?token=secret-token");

      await makeDue(id);
      expect(await dispatchDueEmails(db, { transport })).toEqual({ claimed: 0, sent: 0, failed: 0, retried: 0 });
      expect(standIn.seen).toHaveLength(2);
    } finally {
      await standIn.close();
    }
  });

  it("dead-letters a message the provider rejects (422) at once and never retries it", async () => {
    const standIn = await startResendStandIn([
      { status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } },
    ]);
    try {
      const db = getDb();
      const transport = resendTransportAt(standIn.url);
      const id = await enqueueVerification();

      expect(await dispatchDueEmails(db, { transport })).toEqual({ claimed: 1, sent: 0, failed: 1, retried: 0 });
      const row = await outboxRow(id);
      expect(row.failedAt).not.toBeNull();
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/422 validation_error/);

      await makeDue(id);
      expect((await dispatchDueEmails(db, { transport })).claimed).toBe(0);
      expect(standIn.seen).toHaveLength(1);
    } finally {
      await standIn.close();
    }
  });

  it("gives up on a provider that does not answer within the send timeout and retries later", async () => {
    const standIn = await startResendStandIn(["hang", { status: 200, body: { id: "re_msg_2" } }]);
    try {
      const db = getDb();
      const transport = resendTransportAt(standIn.url, 200);
      const id = await enqueueVerification();

      expect(await dispatchDueEmails(db, { transport })).toEqual({ claimed: 1, sent: 0, failed: 0, retried: 1 });
      expect((await outboxRow(id)).lastError).toMatch(/no answer within 200 ms/);

      await makeDue(id);
      expect(await dispatchDueEmails(db, { transport })).toMatchObject({ sent: 1 });
      expect(standIn.seen.map((r) => r.headers["idempotency-key"])).toEqual([id, id]);
      expect((await outboxRow(id)).providerMessageId).toBe("re_msg_2");
    } finally {
      await standIn.close();
    }
  });
});

describe("dispatchDueEmails", () => {
  it("aborts a hanging transport, retries the email later and delivers it exactly once", async () => {
    const db = getDb();
    let calls = 0;
    let aborted = 0;
    const delivered: string[] = [];
    const transport: EmailTransport = {
      name: "hangs-once",
      send(msg, options) {
        calls += 1;
        if (calls === 1) {
          return new Promise((_, reject) =>
            options?.signal?.addEventListener("abort", () => {
              aborted += 1;
              reject(new Error("aborted"));
            }),
          );
        }
        delivered.push(msg.id);
        return Promise.resolve({ providerMessageId: `p-${msg.id}` });
      },
    };
    const id = await enqueueVerification();

    expect(await dispatchDueEmails(db, { transport, sendTimeoutMs: 100 })).toEqual({
      claimed: 1,
      sent: 0,
      failed: 0,
      retried: 1,
    });
    expect(aborted).toBe(1);
    const waiting = await outboxRow(id);
    expect(waiting.lastError).toBe("hangs-once: no answer within 100 ms");
    expect(waiting.lockedUntil).toBeNull();

    await makeDue(id);
    expect((await dispatchDueEmails(db, { transport, sendTimeoutMs: 100 })).sent).toBe(1);
    await makeDue(id);
    expect((await dispatchDueEmails(db, { transport, sendTimeoutMs: 100 })).claimed).toBe(0);
    expect(delivered).toEqual([id]);
    expect(calls).toBe(2);
  });

  it("sends every email exactly once when several dispatchers run at the same time", async () => {
    const db = getDb();
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueueVerification(`user${i}@example.com`)));
    const sends = new Map<string, number>();
    const transport: EmailTransport = {
      name: "counting",
      async send(msg) {
        sends.set(msg.id, (sends.get(msg.id) ?? 0) + 1);
        // Yield so the dispatchers interleave between claim and write-back.
        await new Promise((resolve) => setImmediate(resolve));
        return { providerMessageId: msg.id };
      },
    };

    let total = 0;
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 5 }, () => dispatchDueEmails(db, { transport, batchSize: 8 })),
      );
      const claimed = results.reduce((n, r) => n + r.claimed, 0);
      total += results.reduce((n, r) => n + r.sent, 0);
      if (claimed === 0) break;
    }

    expect(total).toBe(20);
    expect([...sends.keys()].sort()).toEqual([...ids].sort());
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it("leaves a row alone while another dispatcher holds its lease", async () => {
    const db = getDb();
    const id = await enqueueVerification();
    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, id));
    const transport = createMailboxTransport(db);
    expect((await dispatchDueEmails(db, { transport })).claimed).toBe(0);

    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    expect((await dispatchDueEmails(db, { transport })).sent).toBe(1);
  });

  it(`dead-letters an email after ${MAX_SEND_ATTEMPTS} retryable failures`, async () => {
    const db = getDb();
    const transport: EmailTransport = {
      name: "down",
      send: () => Promise.reject(sendFailure(true, "down: connection refused")),
    };
    const id = await enqueueVerification();
    const outcomes: string[] = [];
    for (let i = 0; i < MAX_SEND_ATTEMPTS + 2; i++) {
      const r = await dispatchDueEmails(db, { transport });
      if (r.retried) outcomes.push("retried");
      if (r.failed) outcomes.push("failed");
      await makeDue(id);
    }
    expect(outcomes).toEqual([...Array<string>(MAX_SEND_ATTEMPTS - 1).fill("retried"), "failed"]);
    const row = await outboxRow(id);
    expect(row.attempts).toBe(MAX_SEND_ATTEMPTS);
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toBe("down: connection refused");
  });

  it("records only the error's name and code when a transport throws a library error", async () => {
    const db = getDb();
    const transport: EmailTransport = {
      name: "leaky",
      send: (msg) => Promise.reject(Object.assign(new Error(`Failed query, params: ${msg.text}`), { code: "XX000" })),
    };
    const id = await enqueueVerification();
    expect((await dispatchDueEmails(db, { transport })).retried).toBe(1);
    expect((await outboxRow(id)).lastError).toBe("Error (XX000)");
  });
});

describe("retryDelaySeconds", () => {
  it("doubles from about 5 s, stays within jitter bounds and is capped at one hour", () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(2.5);
    expect(retryDelaySeconds(1, () => 1)).toBe(5);
    expect(retryDelaySeconds(3, () => 1)).toBe(20);
    expect(retryDelaySeconds(30, () => 1)).toBe(3600);
    expect(retryDelaySeconds(30, () => 0)).toBe(1800);
  });
});
