import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "@/db";
import { HOURLY_RATES, SPECIALTIES, TEAM_SIZES } from "@/db/enums";
import { interestApplications, providerMembers, providers, users } from "@/db/schema";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { verifyApplication } from "@/lib/applications/verify-application";
import { daysSinceConfirmed } from "@/lib/freshness/freshness-fields";
import { PROFILE_FACT_FIELDS } from "@/lib/providers/profile-facts-schema";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { createTestDatabase } from "@/test/support/database";
import { unchangedBy } from "@/test/support/snapshot";
import { seedDemo } from "./demo";
import { DEMO_EXPIRED_VERIFICATION_TOKEN, DEMO_PROVIDER_SLUG, PLATFORM_ADMIN } from "./demo-data";

describe("seedDemo", () => {
  it("loads the demo directory once, and a second run changes nothing", async () => {
    const db = getDb();
    const first = await seedDemo(db);
    if (first.status !== "seeded") throw new Error("expected a fresh seed");
    const counts = async () => ({
      providers: (await db.select({ id: providers.id }).from(providers)).length,
      users: (await db.select({ id: users.id }).from(users)).length,
      applications: (await db.select({ id: interestApplications.id }).from(interestApplications)).length,
    });
    const before = await counts();
    expect(before.providers).toBe(36);
    expect(await unchangedBy(db, () => seedDemo(db))).toEqual({ status: "already-seeded" });
    expect(await counts()).toEqual(before);

    const principal = await authenticateApiKey(db, { authorization: `Bearer ${first.apiKey.key}` });
    expect(principal).toMatchObject({ providerSlug: DEMO_PROVIDER_SLUG, role: "OWNER" });
  });

  it("gives the demo provider a team of four with one pending invitation", async () => {
    const db = getDb();
    await seedDemo(db);
    const [northwind] = await db.select().from(providers).where(eq(providers.slug, DEMO_PROVIDER_SLUG));
    expect(northwind).toMatchObject({ approvalStatus: "APPROVED", publicProfile: true, featured: true });
    const team = await db
      .select({ email: providerMembers.inviteEmail, role: providerMembers.role, status: providerMembers.inviteStatus })
      .from(providerMembers)
      .where(and(eq(providerMembers.providerId, northwind!.id), isNull(providerMembers.revokedAt)))
      .orderBy(asc(providerMembers.createdAt));
    // In joining order: the owner first, then the team an hour apart.
    expect(team).toEqual([
      { email: "owner@northwind.example", role: "OWNER", status: "ACCEPTED" },
      { email: "admin@northwind.example", role: "ADMIN", status: "ACCEPTED" },
      { email: "member@northwind.example", role: "MEMBER", status: "ACCEPTED" },
      { email: "pending@northwind.example", role: "MEMBER", status: "PENDING" },
    ]);
    const [admin] = await db.select().from(users).where(eq(users.email, PLATFORM_ADMIN.email));
    expect(admin!.isAdmin).toBe(true);
  });

  it("covers every specialty, every listing state and every application stage", async () => {
    const db = getDb();
    await seedDemo(db);
    const rows = await db.select().from(providers);
    const listed = rows.filter((r) => r.approvalStatus === "APPROVED" && r.publicProfile);
    for (const s of SPECIALTIES) expect(listed.some((r) => r.specialties.includes(s))).toBe(true);
    expect(listed.filter((r) => r.featured).length).toBeGreaterThan(2);
    expect(rows.some((r) => r.approvalStatus === "APPROVED" && !r.publicProfile)).toBe(true);
    expect(rows.filter((r) => r.approvalStatus === "PENDING").length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.approvalStatus === "SUSPENDED")).toHaveLength(1);
    // Fixed dates: the directory order does not depend on when the seed ran.
    expect(northwindPublishedAt(rows)).toBe("2026-10-28T10:00:00.000Z");

    // Every stage of the freshness clock (extensions §6): fresh, both reminders, the label, hidden.
    const days = (name: string) => daysSinceConfirmed(rows.find((r) => r.name === name)!.confirmedAt, new Date());
    expect(days("Northwind Studio")).toBe(0);
    expect([days("Willow Street Consulting"), days("Polaris Localization"), days("Junction Works")]).toEqual([152, 175, 190]);
    expect(rows.find((r) => r.name === "Amberlight Media")).toMatchObject({ publicProfile: false, hiddenReason: "STALE" });
    expect(rows.find((r) => r.name === "Amberlight Media")!.publishedAt).not.toBeNull();

    const stages = new Set((await db.select().from(interestApplications)).map((a) => a.stage));
    expect([...stages].sort()).toEqual(["APPROVED", "AWAITING_VERIFICATION", "IN_REVIEW", "REJECTED"]);
  });
});

describe("the demo providers' profile facts", () => {
  it("are valid by the API's own rules, vary across countries and languages, and fill every fact somewhere", async () => {
    const db = getDb();
    await seedDemo(db);
    const rows = await db.select().from(providers);
    for (const row of rows) {
      const facts = Object.fromEntries(PROFILE_FACT_FIELDS.map((field) => [field, row[field]]));
      const parsed = listingUpdateSchema.safeParse(facts);
      expect(parsed.error?.issues ?? [], row.name).toEqual([]);
    }
    expect(new Set(rows.map((r) => r.countryCode)).size).toBeGreaterThan(10);
    expect(rows.filter((r) => r.countryCode === "DE" && r.languages.includes("de")).length).toBeGreaterThan(2);
    expect(rows.some((r) => !r.acceptingClients)).toBe(true);
    expect(rows.some((r) => !r.remote)).toBe(true);
    expect(rows.filter((r) => r.portfolio.length > 0).length).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.teamSize))).toEqual(new Set([...TEAM_SIZES, null]));
    expect(new Set(rows.map((r) => r.hourlyRate))).toEqual(new Set(HOURLY_RATES));
  });
});

function northwindPublishedAt(rows: Array<{ slug: string; publishedAt: Date | null }>): string | undefined {
  return rows.find((r) => r.slug === DEMO_PROVIDER_SLUG)?.publishedAt?.toISOString();
}

describe("the demo's published expired verification link", () => {
  it("is expired: verifying it answers TOKEN_EXPIRED and changes nothing", async () => {
    const db = getDb();
    await seedDemo(db);
    await expect(unchangedBy(db, () => verifyApplication(db, { token: DEMO_EXPIRED_VERIFICATION_TOKEN }))).rejects.toMatchObject({
      code: "TOKEN_EXPIRED",
    });
  });

  it("is dated days before the seed ran, whenever it runs: the retention purge (30 days after expiry) never takes it", async () => {
    // A database of its own: the file's database was seeded by the tests above, and a seed runs once.
    const fresh = await createTestDatabase();
    onTestFinished(() => fresh.dispose());
    const db = fresh.handle.db;
    const seededAt = new Date("2027-06-01T12:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(seededAt);
    try {
      await seedDemo(db);
    } finally {
      vi.useRealTimers();
    }
    const unconfirmed = await db.select().from(interestApplications).where(eq(interestApplications.stage, "AWAITING_VERIFICATION"));
    expect(unconfirmed.length).toBeGreaterThan(0);
    for (const application of unconfirmed) {
      // Expired, and days (not months) before the seed ran: far inside the purge's 30-day grace.
      const expiredFor = seededAt.getTime() - application.tokenExpiresAt!.getTime();
      expect(expiredFor).toBeGreaterThan(0);
      expect(expiredFor).toBeLessThan(7 * 24 * 3600 * 1000);
    }
  });
});
