// A search finds providers by where they are (issue 31): the city and every English name of the
// country are in the search document (migration 0023), the kept one-word totals count them, and a move
// to another city drops the cached searches it changes.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import type { ProviderListQuery } from "./list-query-schema";

const search = async (q: string, extra: Partial<ProviderListQuery> = {}) => {
  const page = await listPublicProviderCards(getDb(), { q, page: 1, limit: 20, ...extra });
  return { slugs: page.data.map((p) => p.slug).sort(), total: page.total };
};

beforeEach(async () => {
  await getDb().delete(providers);
});

describe("searching by place", () => {
  it("finds a provider by its city, and by any English name of its country, accents and case aside", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "spree", name: "Spree Works", city: "Berlin", countryCode: "DE", specialties: ["DESIGN"] });
    await makeProvider(db, { slug: "isar", name: "Isar Labs", city: "München", countryCode: "DE" });
    await makeProvider(db, { slug: "lone-star", name: "Lone Star Code", city: "Austin", countryCode: "US" });
    await makeProvider(db, { slug: "thames", name: "Thames Data", city: "London", countryCode: "GB" });
    await makeProvider(db, { slug: "nowhere", name: "Nowhere Co", city: null, countryCode: null });

    expect(await search("berlin")).toEqual({ slugs: ["spree"], total: 1 });
    expect(await search("Germany")).toEqual({ slugs: ["isar", "spree"], total: 2 });
    expect((await search("munchen")).slugs).toEqual(["isar"]);
    expect((await search("usa")).slugs).toEqual(["lone-star"]);
    expect((await search("united states")).slugs).toEqual(["lone-star"]);
    expect((await search("uk")).slugs).toEqual(["thames"]);
    // Every word must match, place and specialty together.
    expect((await search("berlin design")).slugs).toEqual(["spree"]);
    expect((await search("austin design")).slugs).toEqual([]);
    // A one-word search without filters is counted from the kept prefix totals: they hold the places too.
    expect((await search("germ")).total).toBe(2);
  });

  it("a provider that moves leaves the old city's search and joins the new one's, though both were cached", async () => {
    const db = getDb();
    const mover = await makeProvider(db, { slug: "mover", city: "Porto", countryCode: "PT" });
    expect((await search("porto")).slugs).toEqual(["mover"]);
    expect((await search("lisbon")).slugs).toEqual([]);

    await db.update(providers).set({ city: "Lisbon" }).where(eq(providers.id, mover.id));

    expect((await search("porto")).slugs).toEqual([]);
    expect(await search("lisbon")).toEqual({ slugs: ["mover"], total: 1 });
    expect((await search("portugal")).slugs).toEqual(["mover"]);
  });
});
