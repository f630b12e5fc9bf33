import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { providers, type Provider } from "@/db/schema";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { confirmListingByToken } from "./confirm-listing-by-token";
import { newConfirmToken } from "./confirm-token";
import { getConfirmToken } from "./get-confirm-token";
import { hideStaleListing } from "./hide-stale-listing";

const DAY = 86_400_000;

async function tokenFor(db: Db, provider: Provider, now = new Date()) {
  const t = newConfirmToken(now);
  await db.insert(listingConfirmTokens).values({ tokenHash: t.hash, providerId: provider.id, expiresAt: t.expiresAt });
  return t.token;
}
const row = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;

describe("the emailed confirm link", () => {
  it("shows what it would confirm without changing anything, and confirms once on the button", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Linkable Ltd", confirmedAt: new Date(Date.now() - 215 * DAY) });
    await hideStaleListing(db, { providerId: provider.id, now: new Date() });
    const token = await tokenFor(db, provider);

    const shown = await unchangedBy(db, () => getConfirmToken(db, { token, now: new Date() }));
    expect(shown).toMatchObject({ state: "valid", providerName: "Linkable Ltd", hidden: true, suspended: false });
    await unchangedBy(db, () => getConfirmToken(db, { token, now: new Date() }));

    const now = new Date();
    expect(await confirmListingByToken(db, { token, now })).toEqual({ providerName: "Linkable Ltd", slug: provider.slug, restored: true });
    expect(await row(provider.id)).toMatchObject({ confirmedAt: now, publicProfile: true, hiddenReason: null, publishedAt: provider.publishedAt });

    // Single use: the page says so, and the button is refused, changing nothing.
    expect(await getConfirmToken(db, { token, now: new Date() })).toEqual({ state: "used" });
    await expect(unchangedBy(db, () => confirmListingByToken(db, { token, now: new Date() }))).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses an expired, an unknown and a malformed token, changing nothing", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const expired = await tokenFor(db, provider, new Date(Date.now() - 31 * DAY));
    expect(await getConfirmToken(db, { token: expired, now: new Date() })).toEqual({ state: "expired" });
    await expect(unchangedBy(db, () => confirmListingByToken(db, { token: expired, now: new Date() }))).rejects.toMatchObject({
      code: "TOKEN_EXPIRED",
    });
    const unknown = newConfirmToken(new Date()).token;
    expect(await getConfirmToken(db, { token: unknown, now: new Date() })).toEqual({ state: "invalid" });
    await expect(confirmListingByToken(db, { token: unknown, now: new Date() })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    for (const token of [undefined, "short", "x".repeat(43) + "'"]) {
      expect(await getConfirmToken(db, { token, now: new Date() })).toEqual({ state: "invalid" });
      await expect(confirmListingByToken(db, { token, now: new Date() })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    }
  });

  it("is refused for a suspended provider and stays unused", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { approvalStatus: "SUSPENDED" });
    const token = await tokenFor(db, provider);
    await expect(unchangedBy(db, () => confirmListingByToken(db, { token, now: new Date() }))).rejects.toMatchObject({
      code: "PROVIDER_SUSPENDED",
    });
    expect(await getConfirmToken(db, { token, now: new Date() })).toMatchObject({ state: "valid", suspended: true });
  });

  it("two presses at once confirm once", raceTest, async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const token = await tokenFor(db, provider);
    const results = await Promise.allSettled([
      confirmListingByToken(db, { token, now: new Date() }),
      confirmListingByToken(db, { token, now: new Date() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});
