import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, providers, type Provider } from "@/db/schema";
import { listingConfirmTokens, listingReportEscalations, listingReports } from "@/db/schema-freshness";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { dismissReportCluster } from "./dismiss-report-cluster";
import { escalateReports } from "./escalate-reports";
import { listReportClusters } from "./list-report-clusters";
import { ESCALATION_DEADLINE_DAYS } from "./report-rules";
import { sendReportDigests } from "./send-report-digests";
import { adminCaller } from "@/lib/auth/caller";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let n = 0;

async function providerWithTeam(): Promise<{ provider: Provider; recipients: string[]; member: string }> {
  const db = getDb();
  const provider = await makeProvider(db, { confirmedAt: new Date(Date.now() - 60 * DAY) });
  const owner = await makeMember(db, { provider, role: "OWNER" });
  const admin = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  return { provider, recipients: [owner.user.email, admin.user.email].sort(), member: member.user.email };
}

async function report(providerId: string, values: Partial<typeof listingReports.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(listingReports)
    .values({ providerId, category: "CONTACT_FAILS", reporterKey: `key-${++n}`, createdAt: new Date(Date.now() - HOUR), ...values })
    .returning();
  return row!;
}

async function mailsOf(kind: "LISTING_REPORTS_DIGEST" | "LISTING_CONFIRM_REQUEST" | "LISTING_REPORT_OUTCOME", to: string[]) {
  const rows = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), inArray(emailOutbox.to, to)));
  return rows;
}

describe("sendReportDigests", () => {
  it("sends one digest per provider per day to its OWNERs and ADMINs, listing the reports no digest listed yet", async () => {
    const { provider, recipients, member } = await providerWithTeam();
    await report(provider.id, { category: "WRONG_FACTS", note: "The team size is out of date.", fields: ["teamSize"] });
    await report(provider.id, { category: "WEBSITE_BROKEN" });
    const now = new Date();
    const first = await sendReportDigests(getDb(), { now });
    expect(first).toMatchObject({ providers: expect.any(Number), reports: expect.any(Number) });
    const digests = await mailsOf("LISTING_REPORTS_DIGEST", [...recipients, member]);
    expect(digests.map((m) => m.to).sort()).toEqual(recipients);
    expect(digests[0]!.subject).toContain("2 reports");
    expect(digests[0]!.text).toContain("The team size is out of date.");
    expect(digests[0]!.text).toContain("Team size");

    // A new report the same day waits for tomorrow; a second sweep the same day sends nothing.
    await report(provider.id, { createdAt: new Date(now.getTime() + HOUR) });
    await sendReportDigests(getDb(), { now: new Date(now.getTime() + 2 * HOUR) });
    await sendReportDigests(getDb(), { now: new Date(now.getTime() + 23 * HOUR) });
    expect(await mailsOf("LISTING_REPORTS_DIGEST", recipients)).toHaveLength(2);
    await sendReportDigests(getDb(), { now: new Date(now.getTime() + 25 * HOUR) });
    const next = await mailsOf("LISTING_REPORTS_DIGEST", recipients);
    expect(next).toHaveLength(4);
    expect(next.filter((m) => m.subject.includes("A visitor reported"))).toHaveLength(2);
    const undigested = await getDb()
      .select()
      .from(listingReports)
      .where(and(eq(listingReports.providerId, provider.id)));
    expect(undigested.every((r) => r.digestedAt !== null)).toBe(true);
  });

  it("leaves out reports already answered before the digest", async () => {
    const { provider, recipients } = await providerWithTeam();
    await report(provider.id, { status: "DISMISSED" });
    await sendReportDigests(getDb(), { now: new Date() });
    expect(await mailsOf("LISTING_REPORTS_DIGEST", recipients)).toEqual([]);
  });

  it("runs inside the transaction the maintenance job gives it", async () => {
    const { provider, recipients } = await providerWithTeam();
    await report(provider.id);
    const counts = await getDb().transaction((tx) => sendReportDigests(tx, { now: new Date() }));
    expect(counts.emails).toBeGreaterThanOrEqual(2);
    expect(await mailsOf("LISTING_REPORTS_DIGEST", recipients)).toHaveLength(2);
    expect(await getDb().transaction((tx) => escalateReports(tx, { now: new Date() }))).toEqual(expect.objectContaining({ escalated: expect.any(Number) }));
  });

  it("sends each digest once when two sweeps run at once", raceTest, async () => {
    const { provider, recipients } = await providerWithTeam();
    await report(provider.id);
    const now = new Date();
    await Promise.all([sendReportDigests(getDb(), { now }), sendReportDigests(getDb(), { now }), sendReportDigests(getDb(), { now })]);
    expect(await mailsOf("LISTING_REPORTS_DIGEST", recipients)).toHaveLength(2);
  });
});

describe("escalateReports", () => {
  it("needs 3 distinct reporters of OUT_OF_BUSINESS or CONTACT_FAILS within 30 days", async () => {
    const { provider, recipients } = await providerWithTeam();
    const now = new Date();
    await report(provider.id, { reporterKey: "a", category: "OUT_OF_BUSINESS" });
    await report(provider.id, { reporterKey: "a", category: "CONTACT_FAILS" });
    await report(provider.id, { reporterKey: "b", category: "CONTACT_FAILS" });
    // Other categories, a report older than 30 days and a dismissed one do not count.
    await report(provider.id, { reporterKey: "c", category: "WEBSITE_BROKEN" });
    await report(provider.id, { reporterKey: "d", category: "OUT_OF_BUSINESS", createdAt: new Date(now.getTime() - 31 * DAY) });
    await report(provider.id, { reporterKey: "e", category: "OUT_OF_BUSINESS", status: "DISMISSED" });
    await escalateReports(getDb(), { now });
    expect(await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, provider.id))).toEqual([]);
    expect(await mailsOf("LISTING_CONFIRM_REQUEST", recipients)).toEqual([]);

    await report(provider.id, { reporterKey: "f", category: "OUT_OF_BUSINESS" });
    await escalateReports(getDb(), { now });
    await escalateReports(getDb(), { now: new Date(now.getTime() + HOUR) });
    const [escalation, ...more] = await getDb()
      .select()
      .from(listingReportEscalations)
      .where(eq(listingReportEscalations.providerId, provider.id));
    expect(more).toEqual([]);
    expect(escalation!.deadlineAt.getTime() - escalation!.requestedAt.getTime()).toBe(ESCALATION_DEADLINE_DAYS * DAY);
    const requests = await mailsOf("LISTING_CONFIRM_REQUEST", recipients);
    expect(requests.map((m) => m.to).sort()).toEqual(recipients);
    expect(requests[0]!.text).toContain(escalation!.deadlineAt.toISOString().slice(0, 10));
    // Each request carries its own one-time confirm link.
    const links = requests.map((m) => /\/listing\/confirm\?token=([\w-]+)/.exec(m.text ?? "")?.[1]);
    expect(new Set(links).size).toBe(2);
    const tokens = await getDb().select().from(listingConfirmTokens).where(eq(listingConfirmTokens.providerId, provider.id));
    expect(tokens).toHaveLength(2);
  });

  it("does not escalate reports made before the listing was last confirmed", async () => {
    const { provider } = await providerWithTeam();
    for (const key of ["a", "b", "c"]) await report(provider.id, { reporterKey: key, createdAt: new Date(Date.now() - 2 * DAY) });
    await getDb().update(providers).set({ confirmedAt: new Date(Date.now() - DAY) }).where(eq(providers.id, provider.id));
    expect((await escalateReports(getDb(), { now: new Date() })).escalated).toBe(0);
  });

  it("closes the escalation as CONFIRMED once the provider confirms, and at the deadline as HIDDEN otherwise", async () => {
    const confirmed = await providerWithTeam();
    const silent = await providerWithTeam();
    const now = new Date();
    for (const p of [confirmed.provider, silent.provider]) {
      for (const key of ["a", "b", "c"]) await report(p.id, { reporterKey: key });
    }
    await escalateReports(getDb(), { now });
    await getDb()
      .update(providers)
      .set({ confirmedAt: new Date(now.getTime() + DAY) })
      .where(eq(providers.id, confirmed.provider.id));
    const later = new Date(now.getTime() + ESCALATION_DEADLINE_DAYS * DAY);
    await escalateReports(getDb(), { now: new Date(later.getTime() - 1) });
    const closedEarly = await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, confirmed.provider.id));
    expect(closedEarly).toEqual([expect.objectContaining({ closedReason: "CONFIRMED" })]);
    const stillOpen = await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, silent.provider.id));
    expect(stillOpen).toEqual([expect.objectContaining({ closedAt: null })]);

    await escalateReports(getDb(), { now: later });
    const hidden = await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, silent.provider.id));
    expect(hidden).toEqual([expect.objectContaining({ closedReason: "HIDDEN" })]);
    // Hidden as STALE through lib/freshness, publishedAt kept; the confirmed one stays listed.
    const [gone] = await getDb().select().from(providers).where(eq(providers.id, silent.provider.id));
    expect(gone).toMatchObject({ publicProfile: false, hiddenReason: "STALE", publishedAt: silent.provider.publishedAt });
    const [kept] = await getDb().select().from(providers).where(eq(providers.id, confirmed.provider.id));
    expect(kept).toMatchObject({ publicProfile: true, hiddenReason: null });
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, silent.provider.id), eq(auditEvents.action, "listing_report.escalation_expired")));
    expect(audit).toHaveLength(1);
    // The reports that led to it do not escalate again.
    expect((await escalateReports(getDb(), { now: new Date(later.getTime() + HOUR) })).escalated).toBe(0);
  });

  it("opens one escalation and sends each request once when two sweeps run at once", raceTest, async () => {
    const { provider, recipients } = await providerWithTeam();
    for (const key of ["a", "b", "c"]) await report(provider.id, { reporterKey: key });
    const now = new Date();
    await Promise.all([escalateReports(getDb(), { now }), escalateReports(getDb(), { now }), escalateReports(getDb(), { now })]);
    expect(await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, provider.id))).toHaveLength(1);
    expect(await mailsOf("LISTING_CONFIRM_REQUEST", recipients)).toHaveLength(2);
  });
});

describe("the admin's queue and dismiss cluster", () => {
  it("sorts providers by distinct reporters; dismissing stops the escalation, dismisses the reports, audits and tells each reporter once", async () => {
    const big = await providerWithTeam();
    const small = await providerWithTeam();
    for (const key of ["a", "b", "c"]) await report(big.provider.id, { reporterKey: key, reporterEmail: `${key}-${n}@example.com` });
    await report(big.provider.id, { reporterKey: "a", category: "OUT_OF_BUSINESS", reporterEmail: "same-person@example.com" });
    await report(small.provider.id, { reporterKey: "z" });
    await escalateReports(getDb(), { now: new Date() });
    const queue = await listReportClusters(getDb(), { page: 1, limit: 100 });
    const mine = queue.data.filter((c) => [big.provider.id, small.provider.id].includes(c.providerId));
    expect(mine.map((c) => [c.providerId, c.distinctReporters, c.openReports, c.escalationDeadline !== null])).toEqual([
      [big.provider.id, 3, 4, true],
      [small.provider.id, 1, 1, false],
    ]);

    const adminUser = await makeUser(getDb());
    const admin = adminCaller({ id: adminUser.id, email: adminUser.email, name: null, isAdmin: true });
    expect(await dismissReportCluster(getDb(), { providerId: big.provider.id, caller: admin })).toEqual({ reports: 4, escalationClosed: true });
    const rows = await getDb().select().from(listingReports).where(eq(listingReports.providerId, big.provider.id));
    expect(rows.every((r) => r.status === "DISMISSED")).toBe(true);
    const [escalation] = await getDb().select().from(listingReportEscalations).where(eq(listingReportEscalations.providerId, big.provider.id));
    expect(escalation).toMatchObject({ closedReason: "DISMISSED" });
    const outcomes = await mailsOf("LISTING_REPORT_OUTCOME", rows.map((r) => r.reporterEmail!));
    expect(outcomes).toHaveLength(4);
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, big.provider.id), eq(auditEvents.action, "listing_report.cluster_dismissed")));
    expect(audit).toMatchObject({ actorType: "ADMIN", metadata: { reports: 4, escalationClosed: true } });
    await expect(dismissReportCluster(getDb(), { providerId: big.provider.id, caller: admin })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await mailsOf("LISTING_REPORT_OUTCOME", rows.map((r) => r.reporterEmail!))).toHaveLength(4);
    // Dismissed reports do not escalate again.
    expect((await escalateReports(getDb(), { now: new Date() })).escalated).toBe(0);
  });
});
