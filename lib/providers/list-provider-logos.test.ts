import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeProvider } from "@/lib/testing/factories";
import { listProviderLogos } from "./list-provider-logos";

describe("listProviderLogos", () => {
  it("maps listed providers with a logo to its URL and leaves out hidden providers", async () => {
    const db = getDb();
    await makeProvider(db, { slug: "logo-listed", logoUrl: "https://cdn.example/listed.png" });
    await makeProvider(db, { slug: "logo-none" });
    await makeProvider(db, { slug: "logo-hidden", logoUrl: "https://cdn.example/hidden.png", publicProfile: false });

    const logos = await listProviderLogos(db, { slugs: ["logo-listed", "logo-none", "logo-hidden", "logo-absent"] });

    expect(Object.fromEntries(logos)).toEqual({ "logo-listed": "https://cdn.example/listed.png" });
  });

  it("answers an empty list without error", async () => {
    expect((await listProviderLogos(getDb(), { slugs: [] })).size).toBe(0);
  });
});
