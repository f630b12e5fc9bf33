import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { headers } from "next/headers";
import { connection } from "next/server";
import { databaseReady } from "@/db";
import { MailboxFilter } from "@/components/mailbox/mailbox-filter";
import { MailboxList } from "@/components/mailbox/mailbox-list";
import styles from "@/components/mailbox/mailbox.module.css";
import { listMailbox } from "@/lib/email/list-mailbox";
import { canReadMailbox, MAILBOX_SECRET_PARAM, presentedMailboxSecret } from "@/lib/email/mailbox-access";
import { emailSchema } from "@/lib/validation/primitives";

export const metadata: Metadata = {
  title: "Local mailbox",
  description: "Emails the local mailbox transport kept instead of sending (development, tests and demos).",
  robots: { index: false, follow: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function MailboxPage({ searchParams }: { searchParams: SearchParams }) {
  // Decided per request, never at build time: the transport is configuration of the running server.
  await connection();
  const params = await searchParams;
  const secret = presentedMailboxSecret(await headers(), params);
  if (!canReadMailbox(secret)) notFound();
  const raw = params.to;
  const typed = typeof raw === "string" ? raw.trim() : "";
  const parsed = typed ? emailSchema.safeParse(typed) : null;
  const error = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "Enter a valid email address") : undefined;
  const to = parsed?.success ? parsed.data : undefined;
  // One address at a time: the mailbox never lists everyone's mail (it holds sign-in links).
  const emails = to ? await listMailbox(await databaseReady(), { to }) : [];
  // A secret that came in the address goes on in the filter form, so filtering keeps working.
  const fromAddress = params[MAILBOX_SECRET_PARAM];
  const secretField = typeof fromAddress === "string" ? fromAddress : null;

  return (
    <>
      <h1>Local mailbox</h1>
      <p className={styles.notice}>
        No email provider is configured, so emails are kept here instead of being sent. Anyone who can open this page
        can read them, including every confirmation link.
      </p>
      <MailboxFilter to={typed} error={error} secret={secretField} />
      {error ? null : !to ? (
        <p role="status">Enter an address to see the emails sent to it.</p>
      ) : emails.length === 0 ? (
        <p role="status">{`No emails to ${to} yet.`}</p>
      ) : (
        <>
          <p role="status">
            {emails.length === 1 ? "1 email" : `${emails.length} emails`} to {to}, newest first.
          </p>
          <MailboxList emails={emails} />
        </>
      )}
    </>
  );
}
