import type { Db } from "@/db/client";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { createEmailTransport } from "@/lib/email/transports";

export type EmailPassResult =
  | { status: "sent"; sent: number; failed: number; retried: number }
  | { status: "queued"; reason: string };

/**
 * One dispatch pass after a command that queued email, so a decision made from the CLI reaches the
 * applicant without waiting for the app. Anything not sent stays in the outbox for the app's
 * dispatcher: the decision itself is already committed, so a failure here is reported, not fatal.
 */
export async function sendQueuedEmail(db: Db): Promise<EmailPassResult> {
  let transport;
  try {
    transport = createEmailTransport(db);
  } catch (error) {
    return { status: "queued", reason: (error as Error).message };
  }
  if (!transport) return { status: "queued", reason: "email delivery is disabled (no EMAIL_TRANSPORT configured)" };
  try {
    const result = await dispatchDueEmails(db, { transport });
    return { status: "sent", sent: result.sent, failed: result.failed, retried: result.retried };
  } catch (error) {
    return { status: "queued", reason: (error as Error).message };
  }
}
