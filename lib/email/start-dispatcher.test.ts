import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { devMailbox, emailOutbox } from "@/db/schema";
import { resetEnv } from "@/lib/config/env";
import { enqueueEmail } from "./outbox";
import { kickEmailDispatcher, startEmailDispatcher, stopEmailDispatcher } from "./start-dispatcher";
import { verificationEmail } from "@/lib/applications/emails";

async function enqueueVerification(to: string): Promise<string> {
  const message = verificationEmail({ verifyUrl: "https://app.test/verify?token=t" });
  return enqueueEmail(getDb(), { kind: "VERIFICATION", to, message });
}

async function sentAt(id: string): Promise<Date | null> {
  const [row] = await getDb().select({ sentAt: emailOutbox.sentAt }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!.sentAt;
}

describe("startEmailDispatcher", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    await stopEmailDispatcher();
    process.env = { ...saved };
    resetEnv();
  });

  it("delivers queued email soon after each kick, also when started twice", async () => {
    process.env.START_EMAIL_DISPATCHER = "true";
    process.env.EMAIL_TRANSPORT = "mailbox";
    process.env.EMAIL_DISPATCH_INTERVAL_MS = "600000";
    resetEnv();
    expect(() => kickEmailDispatcher()).not.toThrow();

    startEmailDispatcher();
    startEmailDispatcher();
    const db = getDb();
    const first = await enqueueVerification("first@example.com");
    kickEmailDispatcher();
    await vi.waitFor(async () => expect(await sentAt(first)).not.toBeNull(), { timeout: 10_000 });

    // The poll interval is ten minutes, so only the kick can deliver this one in time.
    const second = await enqueueVerification("second@example.com");
    kickEmailDispatcher();
    kickEmailDispatcher();
    await vi.waitFor(async () => expect(await sentAt(second)).not.toBeNull(), { timeout: 10_000 });
    const mailbox = await db.select().from(devMailbox);
    expect(mailbox.map((m) => m.to).sort()).toEqual(["first@example.com", "second@example.com"]);
  });
});
