import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { databaseReady } from "@/db";
import { MailboxFilter } from "@/components/mailbox/mailbox-filter";
import { MailboxList } from "@/components/mailbox/mailbox-list";
import styles from "@/components/mailbox/mailbox.module.css";
import { isMailboxActive, listMailbox } from "@/lib/email/list-mailbox";
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
  if (!isMailboxActive()) notFound();
  const raw = (await searchParams).to;
  const typed = typeof raw === "string" ? raw.trim() : "";
  const parsed = typed ? emailSchema.safeParse(typed) : null;
  const error = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "Enter a valid email address") : undefined;
  const to = parsed?.success ? parsed.data : undefined;
  const emails = error ? [] : await listMailbox(await databaseReady(), { to });

  return (
    <>
      <h1>Local mailbox</h1>
      <p className={styles.notice}>
        No email provider is configured, so emails are kept here instead of being sent. Anyone who can open this page
        can read them, including every confirmation link.
      </p>
      <MailboxFilter to={typed} error={error} />
      {error ? null : emails.length === 0 ? (
        <p role="status">{to ? `No emails to ${to} yet.` : "No emails yet."}</p>
      ) : (
        <>
          <p role="status">
            {emails.length === 1 ? "1 email" : `${emails.length} emails`}
            {to ? ` to ${to}` : ""}, newest first.
          </p>
          <MailboxList emails={emails} />
        </>
      )}
    </>
  );
}
