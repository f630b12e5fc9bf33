import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects, providers } from "@/db/schema";
import { isValidSlug, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    ["Northwind Studio", "northwind-studio"],
    ["Café Zürich & Co.", "cafe-zurich-co"],
    ["  --Hello___World--  ", "hello-world"],
    ["ÅNGSTRÖM Labs 2024", "angstrom-labs-2024"],
    ["日本語", "provider"],
    ["", "provider"],
  ])("turns %j into %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("keeps slugs within 60 characters without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(59)} b`);
    expect(slug).toBe("a".repeat(59));
    expect(isValidSlug(slugify("word ".repeat(40)))).toBe(true);
  });
});

describe("uniqueSlug", () => {
  it("returns the base, then the first free numbered suffix", async () => {
    const db = getDb();
    expect(await uniqueSlug(db, "acme")).toBe("acme");
    await db.insert(providers).values([{ slug: "acme", name: "Acme" }, { slug: "acme-2", name: "Acme 2" }, { slug: "acme-corp", name: "Acme Corp" }]);
    expect(await uniqueSlug(db, "acme")).toBe("acme-3");
    expect(await uniqueSlug(db, "acme-corp")).toBe("acme-corp-2");
  });

  it("skips old slugs, which keep redirecting to the provider that had them", async () => {
    const db = getDb();
    const [renamed] = await db.insert(providers).values({ slug: "globex-labs", name: "Globex" }).returning();
    await db.insert(providerSlugRedirects).values({ oldSlug: "globex", providerId: renamed!.id });
    expect(await uniqueSlug(db, "globex")).toBe("globex-2");
  });

  it("shortens a long base so the numbered slug still fits", async () => {
    const db = getDb();
    const base = "b".repeat(60);
    await db.insert(providers).values({ slug: base, name: "Long" });
    const next = await uniqueSlug(db, base);
    expect(next).toBe(`${"b".repeat(58)}-2`);
    expect(isValidSlug(next)).toBe(true);
  });
});

describe("reserved slugs", () => {
  it("never hands out a slug that a static route would shadow", async () => {
    expect(isValidSlug("interest")).toBe(false);
    expect(isValidSlug("verify")).toBe(false);
    expect(await uniqueSlug(getDb(), "interest")).toBe("interest-2");
  });
});
