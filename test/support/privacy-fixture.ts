import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { auditEvents, devMailbox, emailOutbox, interestApplications, type Provider } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { reviewReports } from "@/db/schema-reviews";
import { refreshResponsiveness } from "@/lib/inquiries/refresh-responsiveness";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { makeInquiry } from "./factories";
import { makeReview } from "./review-factories";

// One person's address in every place the registry can hold it (extensions §9's erasure test and the
// access file's): `spellings` are spellings of one mailbox ("+tag", Gmail's dots), used in turn.

export interface MailboxFixture {
  name: string;
  message: string;
  inquiryIds: { delivered: string[]; awaiting: string[]; byProvider: Record<string, string[]> };
  reviewId: string;
  applicationIds: { undecided: string; decided: string };
  listingReportId: string;
  reviewReportId: string;
  outboxIds: { sent: string[]; unsent: string[] };
  mailboxIds: string[];
  auditEventId: string;
}

export async function makeMailboxFixture(
  db: Db,
  params: { spellings: string[]; name: string; providers: [Provider, Provider]; managerEmail: string; reportedReviewId?: string },
): Promise<MailboxFixture> {
  const [p1, p2] = params.providers;
  let turn = 0;
  const address = () => params.spellings[turn++ % params.spellings.length]!;
  const message = `Hello, this is ${params.name} writing about a project ${randomBytes(4).toString("hex")}.`;
  const sender = (extra: Record<string, unknown> = {}) => ({
    senderName: params.name,
    senderEmail: address(),
    senderCompany: `${params.name} Ltd`,
    message,
    senderIp: "203.0.113.77",
    ...extra,
  });

  const newOne = await makeInquiry(db, { providerId: p1.id, ...sender() });
  const replied = await makeInquiry(db, {
    providerId: p2.id,
    ...sender({ status: "REPLIED", deliveredAt: new Date(Date.now() - 5 * 3600_000), firstResponseAt: new Date(Date.now() - 3600_000) }),
  });
  const awaiting = await makeInquiry(db, { providerId: p1.id, ...sender({ status: "AWAITING_VERIFICATION" }) });
  const review = await makeReview(db, {
    providerId: p1.id,
    senderEmail: address(),
    reviewerName: params.name,
    reviewerCompany: `${params.name} Ltd`,
    title: `${params.name} says they were great`,
  });
  await db.execute(sql`update inquiries set sender_name = ${params.name}, message = ${message} where id = ${review.inquiryId}`);
  await refreshReviewStats(db, { now: new Date(), providerIds: [p1.id] });
  for (const p of [p1, p2]) await refreshResponsiveness(db, { providerId: p.id });

  const application = (stage: "IN_REVIEW" | "REJECTED") => ({
    fullName: params.name,
    email: address(),
    companyName: `${params.name} Ltd`,
    description: message,
    portfolioLinks: [`https://${randomUUID().slice(0, 6)}.example/${params.name.split(" ")[0]}`],
    referralSource: `${params.name} heard of it`,
    stage,
    tokenHash: randomBytes(32).toString("hex"),
    tokenExpiresAt: new Date(Date.now() + 86_400_000),
    ...(stage === "REJECTED" ? { decidedAt: new Date(), rejectionReason: "Not a provider" } : {}),
  });
  const [undecided] = await db.insert(interestApplications).values(application("IN_REVIEW")).returning();
  const [decided] = await db.insert(interestApplications).values(application("REJECTED")).returning();

  const [listingReport] = await db
    .insert(listingReports)
    .values({ providerId: p2.id, category: "WEBSITE_BROKEN", reporterEmail: address(), reporterKey: randomBytes(32).toString("hex") })
    .returning();
  const [reviewReport] = await db
    .insert(reviewReports)
    .values({
      reviewId: params.reportedReviewId ?? review.id,
      reason: "OTHER",
      note: "This review seems off to me.",
      reporterEmail: address(),
      reporterKey: randomBytes(32).toString("hex"),
    })
    .returning();

  const email = (to: string, sent: boolean, replyTo: string | null = null) => ({
    kind: "INQUIRY_CONFIRMATION" as const,
    to,
    replyTo,
    subject: "A subject of ours",
    // A sent email's bodies were cleared by the dispatcher.
    text: sent ? null : `Hello ${params.name}, about ${to}`,
    html: sent ? null : `<p>Hello ${params.name}</p>`,
    sentAt: sent ? new Date() : null,
  });
  const sent = await db
    .insert(emailOutbox)
    .values([email(address(), true), email(params.managerEmail, true, address())])
    .returning({ id: emailOutbox.id });
  const unsent = await db
    .insert(emailOutbox)
    .values([email(address(), false), email(params.managerEmail, false, address())])
    .returning({ id: emailOutbox.id });
  const mailbox = await db
    .insert(devMailbox)
    .values([
      { outboxId: randomUUID(), to: address(), subject: "A subject of ours", text: `Hello ${params.name}`, links: [] },
      { outboxId: randomUUID(), to: params.managerEmail, replyTo: address(), subject: "New inquiry", text: `From ${params.name}`, links: [] },
    ])
    .returning({ id: devMailbox.id });
  const spelled = address();
  const [audit] = await db
    .insert(auditEvents)
    .values({
      actorType: "SYSTEM",
      actorLabel: "system",
      action: "test.address_in_metadata",
      targetType: "test",
      metadata: { email: address(), nested: { list: ["kept", spelled.toUpperCase()] }, note: `sent to ${address()} today`, [address()]: true },
    })
    .returning({ id: auditEvents.id });

  return {
    name: params.name,
    message,
    inquiryIds: {
      delivered: [newOne.id, replied.id, review.inquiryId],
      awaiting: [awaiting.id],
      byProvider: { [p1.id]: [newOne.id, review.inquiryId].sort(), [p2.id]: [replied.id] },
    },
    reviewId: review.id,
    applicationIds: { undecided: undecided!.id, decided: decided!.id },
    listingReportId: listingReport!.id,
    reviewReportId: reviewReport!.id,
    outboxIds: { sent: sent.map((r) => r.id), unsent: unsent.map((r) => r.id) },
    mailboxIds: mailbox.map((r) => r.id),
    auditEventId: audit!.id,
  };
}

/** Every text, varchar, jsonb and text-array column of the public schema holding `needle` (case-insensitive). */
export async function findEverywhere(db: Db, needle: string): Promise<string[]> {
  const rows = await executeRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and (data_type in ('text', 'character varying', 'jsonb', 'json') or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))
      order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of rows) {
    const hit = await executeRows(
      db,
      sql`select 1 as hit from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0 limit 1`,
    );
    if (hit.length > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** Submits a privacy request as the form would (no captcha configured) and answers the emailed token. */
export async function requestPrivacyToken(db: Db, params: { email: string; kind: "ACCESS" | "ERASE"; clientIp?: string }): Promise<string> {
  const { submitPrivacyRequest } = await import("@/lib/privacy/submit-privacy-request");
  const { privacyRequestSubmissionSchema } = await import("@/lib/privacy/schemas");
  const input = privacyRequestSubmissionSchema.parse({ email: params.email, kind: params.kind });
  await submitPrivacyRequest(db, { input, clientIp: params.clientIp ?? null });
  return latestLinkToken(db, { to: input.email, kind: "PRIVACY_CONFIRM" });
}

/** The token of the newest email of `kind` to `to` (read from its queued body). */
export async function latestLinkToken(db: Db, params: { to: string; kind: "PRIVACY_CONFIRM" | "PRIVACY_ACCESS_READY" }): Promise<string> {
  const [row] = await executeRows<{ text: string }>(
    db,
    sql`select text from email_outbox where "to" = ${params.to} and kind = ${params.kind} order by created_at desc, id desc limit 1`,
  );
  const token = /token=([A-Za-z0-9_-]{43})/.exec(row?.text ?? "")?.[1];
  if (!token) throw new Error(`no ${params.kind} email to ${params.to}`);
  return token;
}
