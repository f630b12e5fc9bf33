import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/lib/testing/factories";
import { listPublicProviderCards, listPublicProviders } from "./list-public-providers";

describe("listPublicProviderCards", () => {
  it("lists the same providers as the API, each with its logo, leaving out hidden providers", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "logo-listed", name: "Logo Listed", logoUrl: "https://cdn.example/listed.png" });
    await makeProvider(db, { slug: "logo-none", name: "Logo None" });
    await makeProvider(db, { slug: "logo-hidden", name: "Logo Hidden", logoUrl: "https://cdn.example/hidden.png", publicProfile: false });
    const query = { q: "logo", page: 1, limit: 20 };

    const cards = await listPublicProviderCards(db, query);
    const api = await listPublicProviders(db, query);

    expect(Object.fromEntries(cards.data.map((c) => [c.slug, c.logoUrl]))).toEqual({
      "logo-listed": "https://cdn.example/listed.png",
      "logo-none": null,
    });
    expect(cards.data.map(({ logoUrl: _logo, ...summary }) => summary)).toEqual(api.data);
    expect(cards.total).toBe(api.total);
  });
});
