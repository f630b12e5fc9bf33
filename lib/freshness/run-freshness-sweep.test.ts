import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { emailOutbox, providers } from "@/db/schema";
import { listingConfirmTokens, providerFreshnessNotices } from "@/db/schema-freshness";
import { makeMember, makeProvider, makeProviderWithOwner } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { confirmListing } from "./confirm-listing";
import { FRESHNESS_ACTOR } from "./hide-stale-listing";
import { runFreshnessSweep } from "./run-freshness-sweep";

const DAY = 86_400_000;
// A fake clock well before the real one, so providers other tests make (confirmed "now") are never due.
const T0 = new Date("2025-01-01T12:00:00.000Z");
const at = (days: number, base = T0) => new Date(base.getTime() + days * DAY);

const emailsTo = async (db: Db, to: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt)).map((m) => m.kind);
const row = async (db: Db, id: string) => (await db.select().from(providers).where(eq(providers.id, id)))[0]!;

async function staleCandidate(db: Db, confirmedAt = T0) {
  const { provider, owner } = await makeProviderWithOwner(db, { confirmedAt, publishedAt: at(-400) });
  const admin = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  return { provider, owner: owner.user.email, admin: admin.user.email, member: member.user.email };
}

describe("runFreshnessSweep: the clock at each boundary", () => {
  it("emails at 150, 173, 180 and hides at 210 days, each once, to OWNERs and ADMINs only", async () => {
    const db = getDb();
    const { provider, owner, admin, member } = await staleCandidate(db);
    const steps: [number, string[]][] = [
      [149, []],
      [150, ["LISTING_CONFIRM_REMINDER"]],
      [172, ["LISTING_CONFIRM_REMINDER"]],
      [173, ["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER"]],
      [179, ["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER"]],
      [180, ["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER", "LISTING_STALE"]],
      [209, ["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER", "LISTING_STALE"]],
      [210, ["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER", "LISTING_STALE", "LISTING_HIDDEN"]],
    ];
    for (const [days, expected] of steps) {
      // Two sweeps at the same instant: the second finds nothing new.
      await runFreshnessSweep(db, { now: at(days) });
      await runFreshnessSweep(db, { now: at(days) });
      expect(await emailsTo(db, owner), `owner's emails at day ${days}`).toEqual(expected);
      expect(await emailsTo(db, admin), `admin's emails at day ${days}`).toEqual(expected);
      const current = await row(db, provider.id);
      expect(current.publicProfile, `published at day ${days}`).toBe(days < 210);
      expect(current.hiddenReason).toBe(days < 210 ? null : "STALE");
    }
    expect(await emailsTo(db, member)).toEqual([]);
    const hidden = await row(db, provider.id);
    expect(hidden.staleHiddenAt).toEqual(at(210));
    expect(hidden.publishedAt).toEqual(provider.publishedAt);
    // Hidden: off the clock, nothing more however long it stays.
    await runFreshnessSweep(db, { now: at(400) });
    expect(await emailsTo(db, owner)).toHaveLength(4);
  });

  it("writes the second reminder as 'hidden in 37 days' and gives every email its own confirm link", async () => {
    const db = getDb();
    const { provider, owner, admin } = await staleCandidate(db);
    await runFreshnessSweep(db, { now: at(173) });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, owner));
    expect(mail!.subject).toContain("hidden in 37 days");
    expect(mail!.text).toMatch(/\/listing\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.text).toContain(provider.name);
    const tokens = await db.select().from(listingConfirmTokens).where(eq(listingConfirmTokens.providerId, provider.id));
    expect(tokens).toHaveLength(2);
    expect(tokens[0]!.expiresAt).toEqual(at(203));
    const [adminMail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, admin));
    expect(adminMail!.text).not.toEqual(mail!.text);
  });

  it("after missed days sends only the stage now due, not the ones it slept through", async () => {
    const db = getDb();
    const { provider, owner } = await staleCandidate(db);
    await runFreshnessSweep(db, { now: at(185) });
    expect(await emailsTo(db, owner)).toEqual(["LISTING_STALE"]);
    const notices = await db.select().from(providerFreshnessNotices).where(eq(providerFreshnessNotices.providerId, provider.id));
    expect(notices.map((n) => n.stage)).toEqual(["STALE_180"]);
    await runFreshnessSweep(db, { now: at(300) });
    expect(await emailsTo(db, owner)).toEqual(["LISTING_STALE", "LISTING_HIDDEN"]);
    expect((await row(db, provider.id)).hiddenReason).toBe("STALE");
  });

  it("starts a new series after a confirmation, and restores a hidden listing with its publishedAt", async () => {
    const db = getDb();
    const { provider, owner } = await staleCandidate(db);
    await runFreshnessSweep(db, { now: at(210) });
    expect((await row(db, provider.id)).publicProfile).toBe(false);
    await confirmListing(db, { providerId: provider.id, now: at(220), actor: FRESHNESS_ACTOR });
    const restored = await row(db, provider.id);
    expect(restored).toMatchObject({ publicProfile: true, hiddenReason: null, staleHiddenAt: null, confirmedAt: at(220) });
    expect(restored.publishedAt).toEqual(provider.publishedAt);
    await runFreshnessSweep(db, { now: at(369) });
    expect(await emailsTo(db, owner)).toEqual(["LISTING_HIDDEN"]);
    await runFreshnessSweep(db, { now: at(370) });
    expect(await emailsTo(db, owner)).toEqual(["LISTING_HIDDEN", "LISTING_CONFIRM_REMINDER"]);
  });

  it("leaves unpublished, pending and suspended providers off the clock", async () => {
    const db = getDb();
    const made = await Promise.all([
      makeProvider(db, { confirmedAt: T0, publicProfile: false }),
      makeProvider(db, { confirmedAt: T0, approvalStatus: "PENDING" }),
      makeProvider(db, { confirmedAt: T0, approvalStatus: "SUSPENDED" }),
    ]);
    await runFreshnessSweep(db, { now: at(250) });
    const ids = made.map((p) => p.id);
    expect(await db.select().from(providerFreshnessNotices).where(inArray(providerFreshnessNotices.providerId, ids))).toEqual([]);
    const after = await db.select().from(providers).where(inArray(providers.id, ids));
    expect(after.map((p) => p.hiddenReason)).toEqual([null, null, null]);
    expect(after.map((p) => p.publicProfile).sort()).toEqual([false, true, true]);
  });

  it("handles a batch at a time, oldest confirmation first", async () => {
    const db = getDb();
    const base = at(-1000);
    const older = await staleCandidate(db, at(-1, base));
    const newer = await staleCandidate(db, base);
    const counts = await runFreshnessSweep(db, { now: at(155, base), limit: 1 });
    expect(counts).toMatchObject({ reminded150: 1, emails: 2 });
    expect(await emailsTo(db, older.owner)).toEqual(["LISTING_CONFIRM_REMINDER"]);
    expect(await emailsTo(db, newer.owner)).toEqual([]);
    await runFreshnessSweep(db, { now: at(155, base), limit: 1 });
    expect(await emailsTo(db, newer.owner)).toEqual(["LISTING_CONFIRM_REMINDER"]);
  });
});

describe("runFreshnessSweep under concurrency", () => {
  it("two sweeps at once send each email once and hide once", raceTest, async () => {
    const db = getDb();
    const due = await Promise.all([staleCandidate(db), staleCandidate(db, at(-30)), staleCandidate(db, at(-60))]);
    for (const days of [150, 173, 180, 210]) {
      const now = at(days);
      await Promise.all([runFreshnessSweep(db, { now }), runFreshnessSweep(db, { now }), runFreshnessSweep(db, { now })]);
    }
    // Each provider got the stage due at each instant once: the later-confirmed ones skip what they slept through.
    expect(await emailsTo(db, due[0]!.owner)).toEqual(["LISTING_CONFIRM_REMINDER", "LISTING_CONFIRM_REMINDER", "LISTING_STALE", "LISTING_HIDDEN"]);
    expect(await emailsTo(db, due[1]!.owner)).toEqual(["LISTING_STALE", "LISTING_HIDDEN"]);
    expect(await emailsTo(db, due[2]!.owner)).toEqual(["LISTING_HIDDEN"]);
    const hiddenEvents = await db
      .select()
      .from(providerFreshnessNotices)
      .where(and(eq(providerFreshnessNotices.providerId, due[0]!.provider.id), eq(providerFreshnessNotices.stage, "HIDDEN_210")));
    expect(hiddenEvents).toHaveLength(1);
  });
});
