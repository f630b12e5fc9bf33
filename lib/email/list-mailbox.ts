import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { devMailbox } from "@/db/schema";
import { env } from "@/lib/env";

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: Date;
}

export const MAILBOX_DEFAULT_LIMIT = 50;
export const MAILBOX_MAX_LIMIT = 200;

/** Emails the local mailbox transport has "delivered", newest first; `to` is compared as stored (normalised). */
export async function listMailbox(db: Db, params: { to?: string; limit?: number } = {}): Promise<MailboxEntry[]> {
  const limit = Math.min(Math.max(1, params.limit ?? MAILBOX_DEFAULT_LIMIT), MAILBOX_MAX_LIMIT);
  return db
    .select({
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      links: devMailbox.links,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .where(params.to === undefined ? undefined : eq(devMailbox.to, params.to))
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}

/**
 * The local mailbox (API and page) exists only while the mailbox transport is active: anyone who can
 * read it reads every verification link.
 */
export function isMailboxActive(): boolean {
  return env().emailTransport === "mailbox";
}
