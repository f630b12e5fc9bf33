import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { POST as submitInterest } from "@/app/api/public/studio/providers/interest/route";
import { getDb } from "@/db";
import { devMailbox, emailOutbox } from "@/db/schema";
import { defineAction } from "@/lib/actions/define-action";
import { resetEnv } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDispatcher, startEmailDispatcher, stopEmailDispatcher } from "@/lib/email/start-dispatcher";
import { verificationEmail } from "@/lib/applications/emails";
import { call } from "@/test/support/http";

// The wrappers (apiRoute, defineAction) kick the email dispatcher after a successful write, so no
// handler has to remember to: with the poll ten minutes away, only that kick delivers in time.

// defineAction reads the request headers through next/headers, which only works inside a request.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

async function enqueueVerification(to: string): Promise<string> {
  const message = verificationEmail({ verifyUrl: "https://app.test/verify?token=t" });
  return enqueueEmail(getDb(), { kind: "VERIFICATION", to, message });
}

async function sentAt(id: string): Promise<Date | null> {
  const [row] = await getDb().select({ sentAt: emailOutbox.sentAt }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!.sentAt;
}

describe("the wrappers kick the email dispatcher", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    await stopEmailDispatcher();
    process.env = { ...saved };
    resetEnv();
  });

  it("delivers email queued by an API write or a server action right after it, with no kick from the handler", async () => {
    process.env.START_EMAIL_DISPATCHER = "true";
    process.env.EMAIL_TRANSPORT = "mailbox";
    process.env.EMAIL_DISPATCH_INTERVAL_MS = "600000";
    resetEnv();
    startEmailDispatcher();
    const db = getDb();
    // Let the first run (at start) finish: from here on the poll is ten minutes away, so only a kick delivers.
    const first = await enqueueVerification("warm-up@example.com");
    kickEmailDispatcher();
    await vi.waitFor(async () => expect(await sentAt(first)).not.toBeNull(), { timeout: 10_000 });

    const response = await call(submitInterest, "/api/public/studio/providers/interest", {
      method: "POST",
      json: { fullName: "Kick Test", email: "kicked-by-route@example.com", description: "Queued by the route, delivered by the wrapper's kick." },
    });
    expect(response.status).toBe(201);
    const viaRoute = async () => (await db.select().from(devMailbox)).some((m) => m.to === "kicked-by-route@example.com");
    await vi.waitFor(async () => expect(await viaRoute()).toBe(true), { timeout: 10_000 });

    const action = defineAction({ name: "t.queue", input: z.object({}) }, async ({ db: tx }) => {
      await enqueueEmail(tx, { kind: "VERIFICATION", to: "kicked-by-action@example.com", message: verificationEmail({ verifyUrl: "https://app.test/v?token=t" }) });
    });
    expect(await action({})).toMatchObject({ ok: true });
    const viaAction = async () => (await db.select().from(devMailbox)).some((m) => m.to === "kicked-by-action@example.com");
    await vi.waitFor(async () => expect(await viaAction()).toBe(true), { timeout: 10_000 });
  });
});
