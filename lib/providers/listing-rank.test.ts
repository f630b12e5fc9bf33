import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerChangeRequests, providers } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { decideChangeRequest } from "@/lib/change-requests/decide-change-request";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { makeProvider } from "@/test/support/factories";
import { callerAs } from "@/test/support/team-test-kit";
import { publishListing } from "./set-listing-visibility";
import { updateListing } from "./update-listing";

// The ranking (extensions §5) moves in the transaction of each change that moves a component.
const rowOf = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;
const caller = callerAs(CLI_ACTOR, "OWNER");

describe("the ranking follows listing changes", () => {
  it("a listing save recomputes the score: a founded year adds 0.1 completeness (0.02 score)", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { foundedYear: null });
    await refreshAllProviderRanks(db, { now: new Date() });
    const before = await rowOf(provider.id);
    await updateListing(db, { providerId: provider.id, changes: { foundedYear: 2010 }, caller });
    const after = await rowOf(provider.id);
    expect(after.rankScore! - before.rankScore!).toBeCloseTo(0.02, 6);
    expect((after.rankComponents as { completeness: { missing: string[] } }).completeness.missing).not.toContain("foundedYear");
  });

  it("publishing gives a never-ranked listing its score in the same transaction", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { publicProfile: false, publishedAt: null });
    expect((await rowOf(provider.id)).rankScore).toBeNull();
    await publishListing(db, { providerId: provider.id, caller });
    const row = await rowOf(provider.id);
    expect(row.rankScore).toBeGreaterThan(0);
    expect(row.rankRotation).not.toBeNull();
  });

  it.each(["NAME", "SLUG"] as const)("an approved %s change leaves score and rotation unchanged", async (field) => {
    const db = getDb();
    const provider = await makeProvider(db);
    await refreshAllProviderRanks(db, { now: new Date() });
    const before = await rowOf(provider.id);
    const [request] = await db
      .insert(providerChangeRequests)
      .values({
        providerId: provider.id,
        field,
        currentValue: field === "NAME" ? provider.name : provider.slug,
        requestedValue: field === "NAME" ? "Zzz Renamed" : `renamed-${provider.slug}`,
      })
      .returning();
    await decideChangeRequest(db, { changeRequestId: request!.id, decision: "APPROVE", actor: CLI_ACTOR });
    const after = await rowOf(provider.id);
    // The approval also confirms the listing (extensions §6), which may rewrite the explanation's
    // inputs; the place in the order is what must not move.
    expect([after.rankScore, after.rankRotation]).toEqual([before.rankScore, before.rankRotation]);
  });
});
