import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { devMailbox } from "@/db/schema";
import type { EmailTransport } from "./types";

const LINK = /https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation and closing brackets after a link belong to the prose, not to the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/** Every http(s) link in a plain-text body, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  const found = (text.match(LINK) ?? []).map((link) => link.replace(TRAILING, "")).filter(Boolean);
  return [...new Set(found)];
}

/**
 * The local mailbox (development, tests, demos): "delivering" stores the email in dev_mailbox, where
 * GET /api/dev/mailbox reads it. One row per outbox id, so a retried send stores nothing new.
 */
export function createMailboxTransport(db: Db): EmailTransport {
  return {
    name: "mailbox",
    async send(msg) {
      const inserted = await db
        .insert(devMailbox)
        .values({
          outboxId: msg.id,
          to: msg.to,
          replyTo: msg.replyTo ?? null,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          links: extractLinks(msg.text),
        })
        .onConflictDoNothing({ target: devMailbox.outboxId })
        .returning({ id: devMailbox.id });
      const id =
        inserted[0]?.id ??
        (await db.select({ id: devMailbox.id }).from(devMailbox).where(eq(devMailbox.outboxId, msg.id)))[0]?.id;
      return { providerMessageId: id ? `mailbox:${id}` : null };
    },
  };
}
