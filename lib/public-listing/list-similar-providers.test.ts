// A profile of a provider not taking clients suggests others that are (issue 31): which ones, in which order.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { listSimilarAcceptingProviders } from "./list-similar-providers";

beforeEach(async () => {
  await getDb().delete(providers);
});

describe("listSimilarAcceptingProviders", () => {
  it("suggests listed providers taking clients that share a specialty, best ranked first, never the provider itself", async () => {
    const db = getDb();
    const closed = await makeProvider(db, { slug: "closed", specialties: ["DESIGN", "DATA"], acceptingClients: false });
    await makeProvider(db, { slug: "data-low", specialties: ["DATA"], rankScore: 0.2 });
    await makeProvider(db, { slug: "design-high", specialties: ["DESIGN"], rankScore: 0.9 });
    await makeProvider(db, { slug: "design-unranked", specialties: ["DESIGN"], rankScore: null });
    await makeProvider(db, { slug: "other-specialty", specialties: ["MARKETING"], rankScore: 1 });
    await makeProvider(db, { slug: "also-closed", specialties: ["DESIGN"], acceptingClients: false, rankScore: 1 });
    await makeProvider(db, { slug: "unpublished", specialties: ["DESIGN"], publicProfile: false, rankScore: 1 });
    await makeProvider(db, { slug: "suspended", specialties: ["DESIGN"], approvalStatus: "SUSPENDED", rankScore: 1 });

    const similar = await listSimilarAcceptingProviders(db, { slug: closed.slug, specialties: closed.specialties });

    expect(similar.map((p) => p.slug)).toEqual(["design-high", "data-low", "design-unranked"]);
    expect(similar.every((p) => p.facts.acceptingClients)).toBe(true);
  });

  it("falls back to any listed provider taking clients when the provider names no specialty, and stops at the limit", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "a", specialties: ["DATA"], rankScore: 0.5 });
    await makeProvider(db, { slug: "b", specialties: ["DESIGN"], rankScore: 0.7 });
    await makeProvider(db, { slug: "c", specialties: ["MARKETING"], rankScore: 0.1 });

    const similar = await listSimilarAcceptingProviders(db, { slug: "none", specialties: [], limit: 2 });

    expect(similar.map((p) => p.slug)).toEqual(["b", "a"]);
  });

  it("carries the card's facts as the directory shows them", async () => {
    const db = getDb();
    await makeProvider(db, {
      slug: "berlin",
      specialties: ["DESIGN"],
      city: "Berlin",
      countryCode: "DE",
      teamSize: "10-49",
      hourlyRate: "100-149",
      minProjectBudget: 20000,
      remote: false,
    });

    const [card] = await listSimilarAcceptingProviders(db, { slug: "x", specialties: ["DESIGN"] });

    expect(card?.facts).toEqual({
      city: "Berlin",
      countryCode: "DE",
      remote: false,
      teamSize: "10-49",
      hourlyRate: "100-149",
      minProjectBudget: 20000,
      acceptingClients: true,
    });
    expect(card).not.toHaveProperty("city");
  });
});
