// Creates the providers and people the browser specs own (e2e/seed/*.ts), after the demo seed, on the
// e2e server's own database. Run by e2e/start-server.mjs with that server's environment.
import { eq } from "drizzle-orm";
import { closeDatabase, databaseReady } from "../db";
import { inquiries, providerMembers, providers, users } from "../db/schema";
import { SEED_ACTOR } from "../scripts/seed/demo";
import { insertApplicationRow } from "../lib/applications/insert-application-row";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { createProvider } from "../lib/providers/create-provider";
import { setProviderApproval } from "../lib/providers/set-provider-approval";
import { createUser } from "../lib/users/create-user";
import { runFreshnessSweep } from "../lib/freshness/run-freshness-sweep";
import { refreshAllProviderRanks } from "../lib/ranking/refresh-provider-ranks";
import { ALL_FIXTURE_SETS as SETS, fixturePublishedAt } from "./seed/all";
import { insertFixtureReviews } from "./seed/insert-reviews";
import { seedReviewWritingInvitation } from "./seed/review-writing-invitation";
import { seedReviewInvitations } from "./seed-review-invitations";
import type { FixturePerson } from "./seed/types";
import { insertFixtureReadReviews } from "./seed/review-rows";
const DAY_MS = 86_400_000;

const db = await databaseReady();

async function ensureUser(person: FixturePerson & { isAdmin?: boolean }): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email)).limit(1);
  if (existing) return existing.id;
  return (await createUser(db, { ...person, actor: SEED_ACTOR })).id;
}

for (const set of SETS) {
  for (const person of set.users ?? []) await ensureUser(person);
  for (const a of set.expiredApplications ?? []) {
    await insertApplicationRow(db, {
      fullName: a.name,
      email: a.email,
      description: "An application whose confirmation link has expired.",
      tokenHash: hashVerificationToken(a.token),
      tokenExpiresAt: new Date(Date.now() - DAY_MS),
    });
  }
  for (const p of set.providers ?? []) {
    const ownerId = await ensureUser(p.owner);
    const created = await createProvider(db, {
      name: p.name,
      slug: p.slug,
      ownerEmail: p.owner.email,
      approved: p.approved,
      published: p.published,
      headline: p.headline,
      description: p.description,
      actor: SEED_ACTOR,
    });
    if (p.published) {
      await db.update(providers).set({ publishedAt: fixturePublishedAt(p) }).where(eq(providers.id, created.id));
    }
    for (const m of p.members ?? []) {
      const userId = await ensureUser(m);
      const accepted = m.status === "ACCEPTED";
      await db.insert(providerMembers).values({
        providerId: created.id,
        userId,
        role: m.role,
        inviteEmail: m.email,
        inviteStatus: m.status,
        invitedByUserId: ownerId,
        acceptedAt: accepted ? new Date() : null,
        inviteExpiresAt: new Date(Date.now() + (m.inviteExpired ? -1 : 7) * DAY_MS),
      });
    }
    if (p.facts) await db.update(providers).set(p.facts).where(eq(providers.id, created.id));
    if (p.confirmedDaysAgo) {
      await db.update(providers).set({ confirmedAt: new Date(Date.now() - p.confirmedDaysAgo * DAY_MS) }).where(eq(providers.id, created.id));
    }
    if (p.reviews) await insertFixtureReviews(db, created.id, p.reviews);
    if (p.publicReviews || p.notice) await insertFixtureReadReviews(db, { providerId: created.id, reviews: p.publicReviews ?? [], notice: p.notice });
    if (p.suspendedNote) {
      await setProviderApproval(db, { providerId: created.id, status: "SUSPENDED", note: p.suspendedNote, actor: SEED_ACTOR });
    }
  }
  for (const i of set.expiredInquiries ?? []) {
    const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.slug, i.providerSlug)).limit(1);
    await db.insert(inquiries).values({
      providerId: provider!.id,
      senderName: i.name,
      senderEmail: i.email,
      message: i.message,
      tokenHash: hashVerificationToken(i.token),
      tokenExpiresAt: new Date(Date.now() - DAY_MS),
    });
  }
}
// The review-writing spec's sent invitation (e2e/seed/review-writing.ts).
await seedReviewWritingInvitation(db);
// The freshness clock once, as the maintenance timer would: reminders and the hide for the listings
// the freshness spec dates back (e2e/seed/freshness.ts), with their confirm links in the mailbox.
await runFreshnessSweep(db, { now: new Date() });
// The review invitation sweep once, as the maintenance timer would (e2e/seed/review-invitations.ts).
await seedReviewInvitations(db, new Date());
// The directory opens on the recommended order: every listed provider has its score, as in production.
await refreshAllProviderRanks(db, { now: new Date() });
await closeDatabase();
console.log(`[e2e] fixtures seeded (${SETS.reduce((n, s) => n + (s.providers?.length ?? 0), 0)} providers)`);
