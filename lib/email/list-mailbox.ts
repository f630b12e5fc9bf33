import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { devMailbox } from "@/db/schema";

export interface MailboxEntry {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  links: string[];
  createdAt: Date;
}

export const MAILBOX_DEFAULT_LIMIT = 50;
export const MAILBOX_MAX_LIMIT = 200;

/**
 * Emails the local mailbox transport has "delivered" to one address, newest first; `to` is compared as
 * stored (normalised). One address at a time, never everyone's mail: it holds sign-in links.
 * Who may call it is decided by canReadMailbox (mailbox-access.ts).
 */
export async function listMailbox(db: Db, params: { to: string; limit?: number }): Promise<MailboxEntry[]> {
  const limit = Math.min(Math.max(1, params.limit ?? MAILBOX_DEFAULT_LIMIT), MAILBOX_MAX_LIMIT);
  return db
    .select({
      to: devMailbox.to,
      replyTo: devMailbox.replyTo,
      subject: devMailbox.subject,
      text: devMailbox.text,
      links: devMailbox.links,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .where(eq(devMailbox.to, params.to))
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}
