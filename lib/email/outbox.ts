import type { Db } from "@/db/client";
import type { EmailKind } from "@/db/enums";
import { emailOutbox } from "@/db/schema";
import type { EmailMessage } from "./layout";

/**
 * Queues an email. Call it with the transaction that makes the change the email reports, so the
 * email exists exactly when the change does; lib/email/dispatcher.ts delivers it.
 */
export async function enqueueEmail(
  tx: Db,
  params: { kind: EmailKind; to: string; message: EmailMessage; replyTo?: string },
): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: params.kind,
      to: params.to,
      replyTo: params.replyTo ?? null,
      subject: params.message.subject,
      text: params.message.text,
      html: params.message.html,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Queues many emails in one statement (a sweep's batch), under the same rule as enqueueEmail. */
export async function enqueueEmails(
  tx: Db,
  emails: { kind: EmailKind; to: string; message: EmailMessage; replyTo?: string }[],
): Promise<number> {
  if (emails.length === 0) return 0;
  await tx.insert(emailOutbox).values(
    emails.map((e) => ({
      kind: e.kind,
      to: e.to,
      replyTo: e.replyTo ?? null,
      subject: e.message.subject,
      text: e.message.text,
      html: e.message.html,
    })),
  );
  return emails.length;
}
