import { callerAs } from "@/test/support/team-test-kit";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { countingDb } from "@/test/support/counting-db";
import { makeProvider } from "@/test/support/factories";
import { unchangedBy } from "@/test/support/snapshot";
import { publishListing, unpublishListing } from "./set-listing-visibility";

const actor = CLI_ACTOR;

async function rowOf(id: string) {
  const [row] = await getDb().select().from(providers).where(eq(providers.id, id));
  return row!;
}

describe("publishListing with requireComplete (the studio)", () => {
  it.each([
    ["no headline", { headline: "", description: "Text" }, "a headline"],
    ["no description", { headline: "Hi", description: "  " }, "a description"],
    ["neither", { headline: "", description: "" }, "a headline and description"],
  ])("refuses a listing with %s, naming what is missing, and changes nothing", async (_, content, missing) => {
    const db = getDb();
    const provider = await makeProvider(db, { ...content, publicProfile: false, publishedAt: null });
    await expect(publishListing(db, { providerId: provider.id, caller: callerAs(actor), requireComplete: true })).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: expect.stringContaining(`needs ${missing} before it can be published`),
    });
    expect(await rowOf(provider.id)).toMatchObject({ publicProfile: false, publishedAt: null });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    expect(audit).toHaveLength(0);
  });

  it("publishes a listing with a headline and description", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { publicProfile: false, publishedAt: null });
    const listing = await publishListing(db, { providerId: provider.id, caller: callerAs(actor), requireComplete: true });
    expect(listing.publicProfile).toBe(true);
    expect(listing.publishedAt).not.toBeNull();
  });

  it("leaves an already published incomplete listing as it is (publishing again changes nothing)", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { description: "", publishedAt: new Date("2024-03-01T10:00:00Z") });
    const before = await rowOf(provider.id);
    const listing = await unchangedBy(db, () => publishListing(db, { providerId: provider.id, caller: callerAs(actor), requireComplete: true }));
    expect(listing.publicProfile).toBe(true);
    expect(listing.publishedAt).toBe("2024-03-01T10:00:00.000Z");
    expect(await rowOf(provider.id)).toEqual(before);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.providerId, provider.id))).toHaveLength(0);
  });
});

describe("publishing after unpublishing", () => {
  it("sets a new publishedAt: the listing counts as published from the latest publish", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { publishedAt: new Date("2024-03-01T10:00:00Z") });
    await unpublishListing(db, { providerId: provider.id, caller: callerAs(actor) });
    const started = Date.now();
    const listing = await publishListing(db, { providerId: provider.id, caller: callerAs(actor) });
    expect(listing.publicProfile).toBe(true);
    expect(new Date(listing.publishedAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect((await rowOf(provider.id)).publishedAt!.getTime()).toBe(new Date(listing.publishedAt!).getTime());
  });
});

describe("publishListing without requireComplete (the API)", () => {
  it("publishes an empty listing, as the interface lets any valid key publish", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { headline: "", description: "", publicProfile: false, publishedAt: null });
    expect((await publishListing(db, { providerId: provider.id, caller: callerAs(actor) })).publicProfile).toBe(true);
  });
});

describe("role check", () => {
  it("refuses a MEMBER role before touching the listing", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const counted = countingDb(db);
    await expect(unpublishListing(counted.db, { providerId: provider.id, caller: callerAs(actor, "MEMBER") })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(publishListing(counted.db, { providerId: provider.id, caller: callerAs(actor, "MEMBER") })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(counted.statements).toEqual([]);
    expect((await rowOf(provider.id)).publicProfile).toBe(true);
  });
});
