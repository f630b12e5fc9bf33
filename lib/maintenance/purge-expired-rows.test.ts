import { eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import {
  devMailbox,
  emailOutbox,
  inquiries,
  interestApplications,
  providerMembers,
  providers,
  rateLimitHits,
  sessions,
  users,
  verificationTokens,
} from "@/db/schema";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { verifyApplication } from "@/lib/applications/verify-application";
import { verifyInquiry } from "@/lib/inquiries/verify-inquiry";
import { makeProvider, makeUser } from "@/test/support/factories";
import { actorFor, callerAs, makeTeam } from "@/test/support/team-test-kit";
import { postgresOnlyTest } from "@/test/support/races";
import { inviteMember } from "@/lib/members/invite-member";
import { EXPIRED_LINK_GRACE_DAYS, purgeExpiredRows } from "./purge-expired-rows";
import { MAINTENANCE_LOCK_ID, runMaintenance } from "./run-maintenance";

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const ahead = (interval: string) => sql`now() + ${interval}::interval`;

/** Verification tokens of the seeded applications and inquiries, by name: expired a while, or long. */
const tokens = {
  applicationExpiredLately: createVerificationToken(),
  applicationExpiredLongAgo: createVerificationToken(),
  inquiryExpiredLately: createVerificationToken(),
  inquiryExpiredLongAgo: createVerificationToken(),
};

async function seed(): Promise<void> {
  const db = getDb();
  await db.delete(sessions);
  await db.delete(verificationTokens);
  await db.delete(rateLimitHits);
  await db.delete(emailOutbox);
  await db.delete(devMailbox);
  await db.delete(interestApplications);
  await db.delete(inquiries);
  await db.delete(providerMembers);
  await db.delete(providers);
  await db.delete(users);
  await db.insert(users).values({ id: "u1", email: "ada@example.com" });
  await db.insert(sessions).values([
    { sessionToken: "expired-session", userId: "u1", expires: ago("1 minute") },
    { sessionToken: "current-session", userId: "u1", expires: ahead("7 days") },
  ]);
  await db.insert(verificationTokens).values([
    { identifier: "ada@example.com", token: "expired-token", expires: ago("1 hour") },
    { identifier: "ada@example.com", token: "current-token", expires: ahead("10 minutes") },
  ]);
  await db.insert(rateLimitHits).values([
    { key: "test:expired", createdAt: ago("2 hours"), expiresAt: ago("1 hour") },
    { key: "test:current", expiresAt: ahead("1 hour") },
  ]);
  const email = { kind: "VERIFICATION" as const, subject: "s" };
  await db.insert(emailOutbox).values([
    { ...email, to: "old-sent@example.com", sentAt: ago("31 days"), createdAt: ago("31 days") },
    { ...email, to: "recent-sent@example.com", sentAt: ago("29 days"), createdAt: ago("29 days") },
    { ...email, to: "old-dead@example.com", text: "t", attempts: 10, failedAt: ago("90 days"), createdAt: ago("90 days") },
    { ...email, to: "old-queued@example.com", text: "t", createdAt: ago("90 days"), nextAttemptAt: ago("90 days") },
  ]);
  const copy = { subject: "s", text: "t", links: [] };
  await db.insert(devMailbox).values([
    { ...copy, outboxId: crypto.randomUUID(), to: "old-copy@example.com", createdAt: ago("31 days") },
    { ...copy, outboxId: crypto.randomUUID(), to: "recent-copy@example.com", createdAt: ago("29 days") },
  ]);

  // Past the grace (EXPIRED_LINK_GRACE_DAYS after the link expired) or not; confirmed ones stay however old.
  const application = { description: "d", fullName: "Applicant" };
  await db.insert(interestApplications).values([
    { ...application, email: "long-ago@example.com", tokenHash: tokens.applicationExpiredLongAgo.hash, tokenExpiresAt: ago("31 days"), createdAt: ago("32 days") },
    { ...application, email: "lately@example.com", tokenHash: tokens.applicationExpiredLately.hash, tokenExpiresAt: ago("29 days"), createdAt: ago("30 days") },
    { ...application, email: "pending@example.com", tokenHash: createVerificationToken().hash, tokenExpiresAt: ahead("1 hour") },
    { ...application, email: "in-review@example.com", stage: "IN_REVIEW", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago("400 days"), createdAt: ago("401 days") },
  ]);
  const provider = await makeProvider(db, { slug: "purge-provider" });
  const inquiry = { providerId: provider.id, senderName: "Sender", message: "m" };
  await db.insert(inquiries).values([
    { ...inquiry, senderEmail: "long-ago@example.com", tokenHash: tokens.inquiryExpiredLongAgo.hash, tokenExpiresAt: ago("31 days"), createdAt: ago("32 days") },
    { ...inquiry, senderEmail: "lately@example.com", tokenHash: tokens.inquiryExpiredLately.hash, tokenExpiresAt: ago("29 days"), createdAt: ago("30 days") },
    { ...inquiry, senderEmail: "delivered@example.com", status: "ARCHIVED", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago("400 days"), createdAt: ago("401 days"), deliveredAt: ago("401 days") },
  ]);
  const invitee = async (email: string) => (await makeUser(db, { email })).id;
  const member = { providerId: provider.id, role: "MEMBER" as const };
  await db.insert(providerMembers).values([
    { ...member, userId: await invitee("invited-long-ago@example.com"), inviteEmail: "invited-long-ago@example.com", inviteStatus: "PENDING", inviteExpiresAt: ago("31 days") },
    { ...member, userId: await invitee("invited-lately@example.com"), inviteEmail: "invited-lately@example.com", inviteStatus: "PENDING", inviteExpiresAt: ago("29 days") },
    { ...member, userId: await invitee("declined@example.com"), inviteEmail: "declined@example.com", inviteStatus: "PENDING", inviteExpiresAt: ago("90 days"), revokedAt: ago("95 days") },
    { ...member, userId: await invitee("accepted@example.com"), inviteEmail: "accepted@example.com", inviteStatus: "ACCEPTED", inviteExpiresAt: ago("90 days"), acceptedAt: ago("95 days") },
  ]);
}

async function left() {
  const db = getDb();
  return {
    sessions: (await db.select({ t: sessions.sessionToken }).from(sessions)).map((r) => r.t),
    tokens: (await db.select({ t: verificationTokens.token }).from(verificationTokens)).map((r) => r.t),
    hits: (await db.select({ k: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.k),
    emails: (await db.select({ to: emailOutbox.to }).from(emailOutbox)).map((r) => r.to).sort(),
    mailbox: (await db.select({ to: devMailbox.to }).from(devMailbox)).map((r) => r.to).sort(),
    applications: (await db.select({ e: interestApplications.email }).from(interestApplications)).map((r) => r.e).sort(),
    inquiries: (await db.select({ e: inquiries.senderEmail }).from(inquiries)).map((r) => r.e).sort(),
    members: (await db.select({ e: providerMembers.inviteEmail }).from(providerMembers)).map((r) => r.e).sort(),
  };
}

beforeEach(seed);

describe("the retention purge", () => {
  it("deletes expired sessions, sign-in tokens and rate-limit hits, old sent emails and their mailbox copies; keeps the current ones", async () => {
    const result = await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 30 });
    expect(result).toEqual({
      rateLimitHits: { deleted: 1, more: false },
      verificationTokens: { deleted: 1, more: false },
      sessions: { deleted: 1, more: false },
      sentEmails: { deleted: 1, more: false },
      mailboxEmails: { deleted: 1, more: false },
      unconfirmedApplications: { deleted: 1, more: false },
      unconfirmedInquiries: { deleted: 1, more: false },
      expiredInvitations: { deleted: 1, more: false },
      invitationAccounts: { deleted: 0, more: false },
      inquirySenderIps: { deleted: 0, more: false },
    });
    expect(await left()).toEqual({
      sessions: ["current-session"],
      tokens: ["current-token"],
      hits: ["test:current"],
      // Unsent emails stay, however old: they are the operator's to retry or inspect.
      emails: ["old-dead@example.com", "old-queued@example.com", "recent-sent@example.com"],
      mailbox: ["recent-copy@example.com"],
      applications: ["in-review@example.com", "lately@example.com", "pending@example.com"],
      inquiries: ["delivered@example.com", "lately@example.com"],
      // Declined invitations and accepted members are the team's history, not expired links.
      members: ["accepted@example.com", "declined@example.com", "invited-lately@example.com"],
    });
    expect(await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 30 })).toMatchObject({
      sentEmails: { deleted: 0 },
      unconfirmedApplications: { deleted: 0 },
    });
  });

  it("keeps sent emails and their mailbox copies for the retention given", async () => {
    const result = await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 1 });
    expect(result.sentEmails).toEqual({ deleted: 2, more: false });
    expect(result.mailboxEmails).toEqual({ deleted: 2, more: false });
    expect((await left()).emails).toEqual(["old-dead@example.com", "old-queued@example.com"]);
  });

  it(`leaves an expired link its 410 for ${EXPIRED_LINK_GRACE_DAYS} days; past them the link is unknown (400)`, async () => {
    const db = getDb();
    await purgeExpiredRows(db, { sentEmailRetentionDays: 30 });
    const lately = { application: tokens.applicationExpiredLately.token, inquiry: tokens.inquiryExpiredLately.token };
    const longAgo = { application: tokens.applicationExpiredLongAgo.token, inquiry: tokens.inquiryExpiredLongAgo.token };
    await expect(verifyApplication(db, { token: lately.application })).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    await expect(verifyInquiry(db, { token: lately.inquiry })).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    await expect(verifyApplication(db, { token: longAgo.application })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    await expect(verifyInquiry(db, { token: longAgo.inquiry })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
  });

  it(`removes an account a studio invitation made for someone who never signed in ${EXPIRED_LINK_GRACE_DAYS} days after the invitation expired, not before`, async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const caller = callerAs(actorFor(people[0]!.user), "OWNER", people[0]!.member.id);
    const invite = (email: string) => inviteMember(db, { providerId: provider.id, email, role: "MEMBER", caller, createAccountIfMissing: true });
    const lately = await invite("studio-invited-lately@example.com");
    const longAgo = await invite("studio-invited-long-ago@example.com");
    await db.update(providerMembers).set({ inviteExpiresAt: ago("2 days") }).where(eq(providerMembers.id, lately.id));
    await db.update(providerMembers).set({ inviteExpiresAt: ago(`${EXPIRED_LINK_GRACE_DAYS + 1} days`) }).where(eq(providerMembers.id, longAgo.id));
    const result = await purgeExpiredRows(db, { sentEmailRetentionDays: 30 });
    expect(result.invitationAccounts).toEqual({ deleted: 1, more: false });
    const accounts = await db.select({ email: users.email }).from(users).where(inArray(users.email, ["studio-invited-lately@example.com", "studio-invited-long-ago@example.com"]));
    expect(accounts).toEqual([{ email: "studio-invited-lately@example.com" }]);
  });

  it("draws each 30-day line to the minute: a row a minute past 30 days goes, one a minute short of them stays", async () => {
    // The days are written out, not taken from EXPIRED_LINK_GRACE_DAYS: the README promises 30, and a
    // grace of 29 or 31 must fail here (29 and 31 days, as in the seed, pass either way).
    const db = getDb();
    const past = "30 days 1 minute";
    const short = "29 days 23 hours 59 minutes";
    const provider = await makeProvider(db);
    await db.insert(interestApplications).values([
      { description: "d", fullName: "A", email: "past@boundary.example", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago(past), createdAt: ago("31 days") },
      { description: "d", fullName: "A", email: "short@boundary.example", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago(short), createdAt: ago("31 days") },
    ]);
    await db.insert(inquiries).values([
      { providerId: provider.id, senderName: "S", message: "m", senderEmail: "past@boundary.example", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago(past), createdAt: ago("31 days") },
      { providerId: provider.id, senderName: "S", message: "m", senderEmail: "short@boundary.example", tokenHash: createVerificationToken().hash, tokenExpiresAt: ago(short), createdAt: ago("31 days") },
    ]);
    const member = async (email: string, expired: string) => ({
      providerId: provider.id,
      role: "MEMBER" as const,
      userId: (await makeUser(db, { email })).id,
      inviteEmail: email,
      inviteStatus: "PENDING" as const,
      inviteExpiresAt: ago(expired),
    });
    await db.insert(providerMembers).values([await member("past@boundary.example", past), await member("short@boundary.example", short)]);
    const email = { kind: "VERIFICATION" as const, subject: "s" };
    await db.insert(emailOutbox).values([
      { ...email, to: "past@boundary.example", sentAt: ago(past), createdAt: ago(past) },
      { ...email, to: "short@boundary.example", sentAt: ago(short), createdAt: ago(short) },
    ]);
    const copy = { subject: "s", text: "t", links: [] };
    await db.insert(devMailbox).values([
      { ...copy, outboxId: crypto.randomUUID(), to: "past@boundary.example", createdAt: ago(past) },
      { ...copy, outboxId: crypto.randomUUID(), to: "short@boundary.example", createdAt: ago(short) },
    ]);

    await purgeExpiredRows(db, { sentEmailRetentionDays: 30 });
    const rest = await left();
    const boundary = (list: (string | null)[]) => list.filter((e) => e?.endsWith("@boundary.example"));
    expect({
      applications: boundary(rest.applications),
      inquiries: boundary(rest.inquiries),
      invitations: boundary(rest.members),
      sentEmails: boundary(rest.emails),
      mailboxCopies: boundary(rest.mailbox),
    }).toEqual({
      applications: ["short@boundary.example"],
      inquiries: ["short@boundary.example"],
      invitations: ["short@boundary.example"],
      sentEmails: ["short@boundary.example"],
      mailboxCopies: ["short@boundary.example"],
    });
  });

  it("removes the account of an invitee who never signed in a minute past 30 days after the invitation expired; a minute short of them it stays", async () => {
    const db = getDb();
    const { provider, people } = await makeTeam(db, ["OWNER"]);
    const caller = callerAs(actorFor(people[0]!.user), "OWNER", people[0]!.member.id);
    const invite = (email: string) => inviteMember(db, { providerId: provider.id, email, role: "MEMBER", caller, createAccountIfMissing: true });
    const short = await invite("account-short@boundary.example");
    const past = await invite("account-past@boundary.example");
    await db.update(providerMembers).set({ inviteExpiresAt: ago("29 days 23 hours 59 minutes") }).where(eq(providerMembers.id, short.id));
    await db.update(providerMembers).set({ inviteExpiresAt: ago("30 days 1 minute") }).where(eq(providerMembers.id, past.id));
    expect((await purgeExpiredRows(db, { sentEmailRetentionDays: 30 })).invitationAccounts).toEqual({ deleted: 1, more: false });
    const accounts = await db.select({ email: users.email }).from(users).where(inArray(users.email, ["account-short@boundary.example", "account-past@boundary.example"]));
    expect(accounts).toEqual([{ email: "account-short@boundary.example" }]);
  });

  it("stops after its batches and says more is left", async () => {
    const db = getDb();
    await db.insert(sessions).values(
      Array.from({ length: 4 }, (_, i) => ({ sessionToken: `gone-${i}`, userId: "u1", expires: ago("1 day") })),
    );
    const first = await purgeExpiredRows(db, { sentEmailRetentionDays: 30, batchSize: 2, maxBatches: 2 });
    expect(first.sessions).toEqual({ deleted: 4, more: true });
    const second = await purgeExpiredRows(db, { sentEmailRetentionDays: 30, batchSize: 2, maxBatches: 2 });
    expect(second.sessions).toEqual({ deleted: 1, more: false });
    expect((await left()).sessions).toEqual(["current-session"]);
  });

  it("runs under the maintenance lock", async () => {
    expect(await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).toMatchObject({ ran: true, purged: { sessions: { deleted: 1 } } });
  });

  // Another instance's run holds the lock: only Postgres has a second session to hold it from.
  it("skips, without waiting, while another instance runs it", postgresOnlyTest, async () => {
    const [row] = await executeRows<{ name: string }>(getDb(), sql`select current_database() as name`);
    const other = new URL(process.env.TEST_DATABASE_URL!);
    other.pathname = `/${row!.name}`;
    const instance = postgres(other.toString(), { max: 1, onnotice: () => {} });
    try {
      await instance.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${MAINTENANCE_LOCK_ID})`;
        expect(await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).toEqual({
          ran: false,
          reason: "another instance is running it",
        });
      });
      expect((await left()).sessions).toContain("expired-session");
      expect((await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).ran).toBe(true);
    } finally {
      await instance.end();
    }
  });
});

describe("an absurd retention", () => {
  it.each([0, -1, 1.5, 3651, 99_999_999_999, Number.NaN])("of %s days is refused before any row is touched", async (days) => {
    const before = await left();
    await expect(purgeExpiredRows(getDb(), { sentEmailRetentionDays: days })).rejects.toThrow(
      /sentEmailRetentionDays must be a whole number of days from 1 to 3650/,
    );
    expect(await left()).toEqual(before);
  });
});
