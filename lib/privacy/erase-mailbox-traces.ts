import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditEvents, devMailbox, emailOutbox } from "@/db/schema";
import { privacyRequests } from "@/db/schema-reviews";
import { eraseAddressesInJson } from "./erase-addresses-in-json";
import { belongsToMailbox, mayMentionMailbox, ofMailbox, type Mailbox } from "./mailbox-hash";

/** Address-shaped runs of an audit event's metadata, as SQL, for the candidates' filter. */
const ADDRESS_PATTERN = "[A-Za-z0-9._%+'!#$&*=?^`{|}~-]+@[A-Za-z0-9.-]+\\.[A-Za-z0-9-]+";

/**
 * The erasure's part outside the records a visitor made (extensions §9): emails not yet sent to or
 * replying to the mailbox are deleted (a provider's unsent notification of an erased inquiry too, as
 * its body quotes the sender); sent ones keep their row as a record, with `to` (and a Reply-To of the
 * mailbox) replaced by the mailbox hash, their bodies having been cleared when sent; the local
 * mailbox's copies go; every audit event's metadata loses the address, wherever it sits; and earlier
 * access files of the mailbox, which quote it, are dropped with their download links.
 */
export async function eraseMailboxTraces(tx: Db, params: { mailbox: Mailbox }): Promise<Record<string, number>> {
  const { mailbox } = params;
  const hash = mailbox.hash;
  const toMailbox = ofMailbox(emailOutbox.to, mailbox);
  const replyToMailbox = ofMailbox(emailOutbox.replyTo, mailbox);
  const unsent = await tx
    .delete(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), or(toMailbox, replyToMailbox)))
    .returning({ id: emailOutbox.id });
  const sentTo = await tx
    .update(emailOutbox)
    .set({ to: hash, text: null, html: null })
    .where(and(isNotNull(emailOutbox.sentAt), toMailbox))
    .returning({ id: emailOutbox.id });
  await tx
    .update(emailOutbox)
    .set({ replyTo: hash, text: null, html: null })
    .where(and(isNotNull(emailOutbox.sentAt), replyToMailbox));
  const localCopies = await tx
    .delete(devMailbox)
    .where(or(ofMailbox(devMailbox.to, mailbox), ofMailbox(devMailbox.replyTo, mailbox)))
    .returning({ id: devMailbox.id });

  // Candidates in SQL (an address-shaped run of the metadata whose mailbox hashes the same), then each
  // rewritten in TypeScript, which knows JSON's nesting.
  const candidates = await tx
    .select({ id: auditEvents.id, metadata: auditEvents.metadata })
    .from(auditEvents)
    .where(
      and(
        // Only events whose metadata may name the mailbox are read further.
        mayMentionMailbox(sql`${auditEvents.metadata}::text`, mailbox.address),
        sql`exists (select 1 from regexp_matches(${auditEvents.metadata}::text, ${ADDRESS_PATTERN}, 'g') as found(parts)
        where ${belongsToMailbox(sql`found.parts[1]`, hash)})`,
      ),
    );
  for (const event of candidates) {
    await tx
      .update(auditEvents)
      .set({ metadata: eraseAddressesInJson(event.metadata, hash) as Record<string, unknown> })
      .where(eq(auditEvents.id, event.id));
  }
  const files = await tx
    .update(privacyRequests)
    .set({ accessPayload: null })
    .where(and(eq(privacyRequests.mailboxHash, hash), isNotNull(privacyRequests.accessPayload)))
    .returning({ id: privacyRequests.id });
  return { unsentEmails: unsent.length, sentEmails: sentTo.length, mailboxEmails: localCopies.length, auditEvents: candidates.length, accessFiles: files.length };
}
