import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, devMailbox, emailOutbox, inquiries, interestApplications, providerListingState, providerResponsiveness, type Provider } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { privacyRequests, providerReviewStats, reviewReports, reviews } from "@/db/schema-reviews";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { makeProviderWithOwner } from "@/test/support/factories";
import { findEverywhere, latestLinkToken, makeMailboxFixture, requestPrivacyToken, type MailboxFixture } from "@/test/support/privacy-fixture";
import { raceTest } from "@/test/support/races";
import { confirmPrivacyRequest } from "./confirm-privacy-request";
import { mailboxHash } from "./mailbox-hash";

const ADA = ["ada.lovelace@gmail.com", "adalovelace+registry@googlemail.com", "a.d.a.lovelace+x@gmail.com"];
const GRACE = ["grace.hopper@example.com", "grace.hopper+navy@example.com"];

let p1: Provider;
let p2: Provider;
let ownerEmails: string[];
let ada: MailboxFixture;
let grace: MailboxFixture;

async function graceRows() {
  const db = getDb();
  const ids = grace.inquiryIds.delivered.concat(grace.inquiryIds.awaiting);
  return JSON.stringify({
    inquiries: await db.select().from(inquiries).where(inArray(inquiries.id, ids)).orderBy(asc(inquiries.id)),
    review: await db.select().from(reviews).where(eq(reviews.id, grace.reviewId)),
    applications: await db
      .select()
      .from(interestApplications)
      .where(inArray(interestApplications.id, Object.values(grace.applicationIds)))
      .orderBy(asc(interestApplications.id)),
    listingReport: await db.select().from(listingReports).where(eq(listingReports.id, grace.listingReportId)),
    reviewReport: await db.select().from(reviewReports).where(eq(reviewReports.id, grace.reviewReportId)),
    outbox: await db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [...grace.outboxIds.sent, ...grace.outboxIds.unsent]))
      .orderBy(asc(emailOutbox.id)),
    mailbox: await db.select().from(devMailbox).where(inArray(devMailbox.id, grace.mailboxIds)).orderBy(asc(devMailbox.id)),
    audit: await db.select().from(auditEvents).where(eq(auditEvents.id, grace.auditEventId)),
  });
}

const notices = () =>
  getDb()
    .select({ to: emailOutbox.to, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "PRIVACY_ERASURE_NOTICE"))
    .orderBy(asc(emailOutbox.to));

beforeAll(async () => {
  const db = getDb();
  const a = await makeProviderWithOwner(db, { name: "Northwind Studio" });
  const b = await makeProviderWithOwner(db, { name: "Contoso Works" });
  p1 = a.provider;
  p2 = b.provider;
  ownerEmails = [a.owner.user.email, b.owner.user.email].sort();
  grace = await makeMailboxFixture(db, { spellings: GRACE, name: "Grace Hopper", providers: [p1, p2], managerEmail: a.owner.user.email });
  ada = await makeMailboxFixture(db, {
    spellings: ADA,
    name: "Zenobia Quillfeather",
    providers: [p1, p2],
    managerEmail: a.owner.user.email,
    reportedReviewId: grace.reviewId,
  });
  // An earlier access request of Ada's: its file quotes her, until the erasure drops it.
  await confirmPrivacyRequest(db, { token: await requestPrivacyToken(db, { email: ADA[1]!, kind: "ACCESS" }) });
});

describe("confirming an ERASE request", () => {
  it("leaves the address, its mailbox key, the name and the message nowhere in any text, varchar or jsonb column; the other mailbox's rows untouched; responsiveness unchanged; the review out of the stats", async () => {
    const db = getDb();
    // Every spelling is stored somewhere before (the mailbox key itself, a counting key, is never stored).
    for (const needle of [...ADA, ada.name, ada.message]) {
      expect(await findEverywhere(db, needle), `before: ${needle}`).not.toEqual([]);
    }
    const graceBefore = await graceRows();
    const responsivenessBefore = await db.select().from(providerResponsiveness).orderBy(asc(providerResponsiveness.providerId));
    const [statsBefore] = await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, p1.id));
    const [versionBefore] = await db.select().from(providerListingState);
    expect(statsBefore!.count).toBe(2);

    const token = await requestPrivacyToken(db, { email: ADA[2]!, kind: "ERASE" });
    expect(await confirmPrivacyRequest(db, { token })).toEqual({ status: "COMPLETED", kind: "ERASE" });

    for (const needle of [...ADA, mailboxKey(ADA[0]!), ada.name, ada.message]) {
      expect(await findEverywhere(db, needle), needle).toEqual([]);
    }
    expect(await graceRows()).toBe(graceBefore);
    expect(await db.select().from(providerResponsiveness).orderBy(asc(providerResponsiveness.providerId))).toEqual(responsivenessBefore);
    const [statsAfter] = await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, p1.id));
    expect(statsAfter!.count).toBe(1);
    const [versionAfter] = await db.select().from(providerListingState);
    expect(versionAfter!.version).not.toBe(versionBefore!.version);
  });

  it("keeps delivered inquiries' status and dates with erased_at, deletes the unconfirmed one, withdraws the review, keeps only the decided application's stage and decision", async () => {
    const db = getDb();
    const rows = await db.select().from(inquiries).where(inArray(inquiries.id, [...ada.inquiryIds.delivered, ...ada.inquiryIds.awaiting]));
    expect(rows.map((r) => r.id).sort()).toEqual([...ada.inquiryIds.delivered].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ senderName: "", senderEmail: "", senderCompany: null, message: "", senderIp: null });
      expect(row.erasedAt).toBeInstanceOf(Date);
      expect(row.deliveredAt).toBeInstanceOf(Date);
    }
    expect(rows.find((r) => r.status === "REPLIED")?.firstResponseAt).toBeInstanceOf(Date);
    const [review] = await db.select().from(reviews).where(eq(reviews.id, ada.reviewId));
    expect(review).toMatchObject({ status: "WITHDRAWN", title: "", body: "", reviewerName: "", reviewerCompany: null });
    const apps = await db.select().from(interestApplications).where(inArray(interestApplications.id, Object.values(ada.applicationIds)));
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ id: ada.applicationIds.decided, stage: "REJECTED", rejectionReason: "Not a provider", email: "", fullName: "", portfolioLinks: [] });
    const [sentRow] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, ada.outboxIds.sent[0]!));
    expect(sentRow!.to).toBe(mailboxHash(ADA[0]!));
    expect(await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ada.outboxIds.unsent))).toEqual([]);
    const [file] = await db.select({ n: sql<number>`count(*)::int` }).from(privacyRequests).where(and(eq(privacyRequests.mailboxHash, mailboxHash(ADA[0]!)), sql`access_payload is not null`));
    expect(file!.n).toBe(0);
  });

  it("tells each provider's OWNER once, listing that provider's erased inquiry ids and nothing of the person", async () => {
    const sent = await notices();
    expect(sent.map((n) => n.to)).toEqual(ownerEmails);
    for (const [providerId, ids] of Object.entries(ada.inquiryIds.byProvider)) {
      const notice = sent.find((n) => ids.every((id) => n.text!.includes(id)));
      expect(notice, providerId).toBeDefined();
    }
    for (const n of sent) expect(n.text).not.toMatch(/Zenobia|lovelace/i);
  });

  it("answers a second confirmation with the same 200 and changes nothing more", async () => {
    const db = getDb();
    const token = await latestLinkToken(db, { to: ADA[2]!, kind: "PRIVACY_CONFIRM" }).catch(() => null);
    // The confirmation email itself was erased with the rest (unsent); a new request erases nothing new.
    expect(token).toBeNull();
    const again = await requestPrivacyToken(db, { email: ADA[0]!, kind: "ERASE" });
    expect(await confirmPrivacyRequest(db, { token: again })).toEqual({ status: "COMPLETED", kind: "ERASE" });
    const before = (await notices()).length;
    expect(await confirmPrivacyRequest(db, { token: again })).toEqual({ status: "COMPLETED", kind: "ERASE" });
    expect((await notices()).length).toBe(before);
  });
});

describe("two confirmations of one ERASE request at once", () => {
  it("erase once and send one notice per provider manager", raceTest, async () => {
    const db = getDb();
    const a = await makeProviderWithOwner(db);
    const b = await makeProviderWithOwner(db);
    const linus = ["linus.race@example.org"];
    await makeMailboxFixture(db, { spellings: linus, name: "Linus Racewell", providers: [a.provider, b.provider], managerEmail: a.owner.user.email });
    const token = await requestPrivacyToken(db, { email: linus[0]!, kind: "ERASE" });
    const results = await Promise.all(Array.from({ length: 4 }, () => confirmPrivacyRequest(db, { token })));
    expect(results).toEqual(Array(4).fill({ status: "COMPLETED", kind: "ERASE" }));
    const sent = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "PRIVACY_ERASURE_NOTICE"), inArray(emailOutbox.to, [a.owner.user.email, b.owner.user.email])));
    expect(sent.map((s) => s.to).sort()).toEqual([a.owner.user.email, b.owner.user.email].sort());
    expect(await findEverywhere(db, linus[0]!)).toEqual([]);
  });
});
