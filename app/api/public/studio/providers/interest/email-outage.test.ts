import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { createResendTransport } from "@/lib/email/transports/resend";
import { withEnv } from "@/test/support/env";
import { call } from "@/test/support/http";
import { startResendStandIn } from "@/test/support/stub-server";
import { POST } from "./route";

describe("an email provider outage during an interest submission", () => {
  it("still answers 201, keeps the email, and sends it exactly once after recovery", async () => {
    const resend = await startResendStandIn([
      { status: 500, body: { name: "internal_server_error", message: "down" } },
      { status: 200, body: { id: "re_msg_1" } },
    ]);
    try {
      const transport = await withEnv({ RESEND_BASE_URL: resend.url }, async () =>
        createResendTransport({ apiKey: "re_test_key" }),
      );
      const email = `outage-${Date.now()}@example.com`;
      const response = await call(POST, "/api/public/studio/providers/interest", {
        json: { fullName: "Outage Test", email, description: "Submitted while email is down." },
      });
      expect(response.status).toBe(201);

      const db = getDb();
      expect((await dispatchDueEmails(db, { transport })).sent).toBe(0);
      const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(queued!.sentAt).toBeNull();
      expect(queued!.text).toContain("/verify?token=");

      // The retry is due after its backoff; bring it forward instead of waiting.
      await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, queued!.id));
      expect((await dispatchDueEmails(db, { transport })).sent).toBe(1);
      await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, queued!.id));
      expect((await dispatchDueEmails(db, { transport })).sent).toBe(0);

      expect(resend.seen.map((r) => r.status)).toEqual([500, 200]);
      expect(resend.seen.map((r) => r.body.to)).toEqual([email, email]);
      const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued!.id));
      expect(sent!.sentAt).toBeInstanceOf(Date);
      expect(sent!.text).toBeNull();
    } finally {
      await resend.close();
    }
  });
});
