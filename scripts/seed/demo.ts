import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, providers } from "@/db/schema";
import { createApiKey, type CreatedApiKey } from "@/lib/api-keys/create-api-key";
import { insertApplicationRow } from "@/lib/applications/insert-application-row";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import type { Actor } from "@/lib/audit/record-audit-event";
import { createProvider } from "@/lib/providers/create-provider";
import { slugify } from "@/lib/providers/slug";
import { seedDemoReviews } from "./demo-reviews";
import { createUser } from "@/lib/users/create-user";
import {
  DEMO_APPLICATIONS,
  DEMO_EXPIRED_VERIFICATION_TOKEN,
  DEMO_PROVIDER_SLUG,
  DEMO_PROVIDERS,
  NORTHWIND_TEAM,
  PLATFORM_ADMIN,
  type DemoProvider,
} from "./demo-data";
import { demoFactsFor } from "./demo-facts";
import { seedDemoFreshness } from "./demo-freshness";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";

export const SEED_ACTOR: Actor = { type: "SYSTEM", id: null, label: "demo seed" };

export type DemoSeedResult =
  | { status: "seeded"; providers: number; users: number; applications: number; apiKey: CreatedApiKey }
  | { status: "already-seeded" };

const DAY_MS = 86_400_000;
const FIRST_NAMES = ["Ava", "Noah", "Zara", "Leo", "Ines", "Omar", "Maya", "Felix", "Ruth", "Kai", "Lena", "Sami"];
const LAST_NAMES = ["Carter", "Nguyen", "Okoro", "Lindqvist", "Haddad", "Rossi", "Kim", "Byrne", "Mensah", "Duarte", "Ishii"];

function day(iso: string, offsetDays = 0): Date {
  return new Date(new Date(`${iso}T10:00:00Z`).getTime() + offsetDays * DAY_MS);
}

function ownerFor(slug: string, index: number): { email: string; name: string } {
  if (slug === DEMO_PROVIDER_SLUG) return NORTHWIND_TEAM.owner;
  const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7) % LAST_NAMES.length]}`;
  return { email: `hello@${slug}.example.com`, name };
}

async function seedProvider(tx: Db, p: DemoProvider, index: number): Promise<string> {
  const slug = slugify(p.name);
  const owner = ownerFor(slug, index);
  await createUser(tx, { ...owner, actor: SEED_ACTOR });
  const approved = p.state === "listed" || p.state === "unpublished" || p.state === "suspended";
  const published = p.state === "listed" || p.state === "pending-published" || p.state === "suspended";
  const created = await createProvider(tx, {
    name: p.name,
    slug,
    ownerEmail: owner.email,
    approved,
    published,
    headline: p.headline,
    description: p.description,
    specialties: p.specialties,
    websiteUrl: `https://${slug}.example.com`,
    featured: p.featured ?? false,
    actor: SEED_ACTOR,
  });
  // Fixed dates instead of "now", so the directory order is the same in every seeded database.
  await tx
    .update(providers)
    .set({
      approvalStatus: p.state === "suspended" ? "SUSPENDED" : created.approvalStatus,
      approvedAt: approved ? day(p.published, -2) : null,
      publishedAt: published ? day(p.published) : null,
      createdAt: day(p.published, -7),
      updatedAt: day(p.published),
      ...demoFactsFor(p.name, `${slug}.example.com`),
      // The demo provider shows images (their hosts are placeholders; pages fall back when they fail).
      ...(slug === DEMO_PROVIDER_SLUG
        ? { logoUrl: "https://northwind-studio.example.com/logo.png", bannerUrl: "https://northwind-studio.example.com/banner.jpg" }
        : {}),
    })
    .where(eq(providers.id, created.id));
  await seedDemoFreshness(tx, { providerId: created.id, name: p.name, publishedAt: day(p.published), seededAt: new Date() });
  // The owner joined when the provider was created.
  await tx.update(providerMembers).set({ createdAt: day(p.published, -7) }).where(eq(providerMembers.providerId, created.id));
  return created.id;
}

async function seedNorthwindTeam(tx: Db, providerId: string): Promise<void> {
  const [owner] = await tx
    .select({ userId: providerMembers.userId })
    .from(providerMembers)
    .where(eq(providerMembers.providerId, providerId));
  const invited = { providerId, invitedByUserId: owner!.userId, createdAt: day("2026-10-29") };
  const accepted = { ...invited, inviteStatus: "ACCEPTED" as const, acceptedAt: day("2026-10-30") };
  const team = [
    { person: NORTHWIND_TEAM.admin, role: "ADMIN" as const, status: accepted },
    { person: NORTHWIND_TEAM.member, role: "MEMBER" as const, status: accepted },
    {
      person: NORTHWIND_TEAM.pending,
      role: "MEMBER" as const,
      status: { ...invited, inviteStatus: "PENDING" as const, inviteExpiresAt: new Date(Date.now() + 7 * DAY_MS) },
    },
  ];
  // An hour apart, so "oldest first" has one answer.
  for (const [index, { person, role, status }] of team.entries()) {
    const user = await createUser(tx, { ...person, actor: SEED_ACTOR });
    const createdAt = new Date(status.createdAt.getTime() + index * 3600 * 1000);
    await tx.insert(providerMembers).values({ ...status, createdAt, userId: user.id, role, inviteEmail: user.email });
  }
}

// The demo's dates are written as of this day. Applications still waiting for their email to be
// confirmed are dated relative to the day the seed runs instead, keeping their distance from it: the
// retention purge removes an unconfirmed application 30 days after its link expired, and the demo's
// expired link must stay an expired link (410), not vanish, however long after 2026 the seed runs.
const DEMO_AS_OF = "2026-11-24";

function unconfirmedCreatedAt(created: string, seededAt: Date): Date {
  return new Date(seededAt.getTime() - (day(DEMO_AS_OF).getTime() - day(created).getTime()));
}

async function seedApplications(tx: Db, providerIds: Map<string, string>): Promise<void> {
  const seededAt = new Date();
  for (const [index, a] of DEMO_APPLICATIONS.entries()) {
    const verified = a.stage !== "AWAITING_VERIFICATION";
    const decided = a.stage === "APPROVED" || a.stage === "REJECTED";
    const createdAt = verified ? day(a.created) : unconfirmedCreatedAt(a.created, seededAt);
    await insertApplicationRow(tx, {
      fullName: a.fullName,
      email: a.email,
      companyName: a.companyName ?? null,
      specialties: a.specialties,
      description: a.description,
      portfolioLinks: a.portfolioLinks ?? [],
      referralSource: a.referralSource ?? null,
      stage: a.stage,
      createdAt,
      tokenExpiresAt: new Date(createdAt.getTime() + DAY_MS),
      ...(index === 0 ? { tokenHash: hashVerificationToken(DEMO_EXPIRED_VERIFICATION_TOKEN) } : {}),
      verifiedAt: verified ? day(a.created, 0.1) : null,
      decidedAt: decided ? day(a.created, 3) : null,
      rejectionReason: a.rejectionReason ?? null,
      providerId: a.providerSlug ? (providerIds.get(a.providerSlug) ?? null) : null,
    });
  }
}

/**
 * Loads the demo directory, the Northwind Studio team, a platform admin, applications in every
 * stage and one API key for Northwind Studio. Does nothing when the demo provider already exists.
 */
export async function seedDemo(db: Db): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.slug, DEMO_PROVIDER_SLUG))
      .limit(1);
    if (existing) return { status: "already-seeded" };

    await createUser(tx, { ...PLATFORM_ADMIN, isAdmin: true, actor: SEED_ACTOR });
    const providerIds = new Map<string, string>();
    for (const [index, p] of DEMO_PROVIDERS.entries()) {
      providerIds.set(slugify(p.name), await seedProvider(tx, p, index));
    }
    const northwindId = providerIds.get(DEMO_PROVIDER_SLUG)!;
    await seedNorthwindTeam(tx, northwindId);
    await seedApplications(tx, providerIds);
    const apiKey = await createApiKey(tx, { providerId: northwindId, name: "Demo key (seed)", role: "OWNER", actor: SEED_ACTOR });
    // Published client reviews for a few providers, with their figures, before the scores read them.
    await seedDemoReviews(tx, { providerIds, seededAt: new Date() });
    // Real scores for the demo directory's recommended order (extensions §5).
    await refreshAllProviderRanks(tx, { now: new Date() });
    return {
      status: "seeded",
      providers: DEMO_PROVIDERS.length,
      users: DEMO_PROVIDERS.length + 4,
      applications: DEMO_APPLICATIONS.length,
      apiKey,
    };
  });
}
