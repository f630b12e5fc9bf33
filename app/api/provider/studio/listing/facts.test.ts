import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import { makeProviderWithOwner } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET as GET_PROFILE } from "../../../public/studio/providers/[slug]/route";
import { GET, PATCH } from "./route";

// The profile facts of extensions §1 through PATCH /provider/studio/listing and the public profile.

const URL_ = "/api/provider/studio/listing";
const patch = (key: string, json: unknown) => call(PATCH, URL_, { method: "PATCH", key, json });
const profileOf = async (slug: string) =>
  (await call(GET_PROFILE, `/api/public/studio/providers/${slug}`, { params: { slug } })).json();

async function providerRow(id: string) {
  const [row] = await getDb().select().from(providers).where(eq(providers.id, id));
  return row!;
}

const EVERY_FACT = {
  countryCode: "de",
  city: "  Berlin ",
  remote: false,
  languages: ["DE", "en"],
  teamSize: "10-49",
  hourlyRate: "100-149",
  minProjectBudget: 25000,
  foundedYear: 2011,
  acceptingClients: false,
  portfolio: [
    { title: "Checkout relaunch", url: "https://shop.example/case", summary: "Halved drop-off.", imageUrl: "https://shop.example/shot.png" },
    { title: "Routing app", url: "https://routes.example/", summary: "", imageUrl: null },
  ],
};

describe("PATCH /api/provider/studio/listing: profile facts", () => {
  it("stores every fact, normalised (country upper-case, languages lower-case, text trimmed), and returns them in the listing and the public profile", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    const response = await patch(key, EVERY_FACT);
    expect(response.status).toBe(200);
    const expected = {
      countryCode: "DE",
      city: "Berlin",
      remote: false,
      languages: ["de", "en"],
      teamSize: "10-49",
      hourlyRate: "100-149",
      minProjectBudget: 25000,
      foundedYear: 2011,
      acceptingClients: false,
      portfolio: [
        { title: "Checkout relaunch", url: "https://shop.example/case", summary: "Halved drop-off.", imageUrl: "https://shop.example/shot.png" },
        { title: "Routing app", url: "https://routes.example/", summary: null, imageUrl: null },
      ],
    };
    expect(await response.json()).toMatchObject(expected);
    expect(await (await call(GET, URL_, { key })).json()).toMatchObject(expected);
    expect(await profileOf(provider.slug)).toMatchObject(expected);
    // A blank or null summary is not stored as an empty value.
    expect((await providerRow(provider.id)).portfolio[1]).toEqual({ title: "Routing app", url: "https://routes.example/" });
  });

  it("gives a provider that never stated facts the defaults: nulls, remote and accepting clients, no languages or portfolio", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    expect(await (await call(GET, URL_, { key })).json()).toMatchObject({
      countryCode: null,
      city: null,
      remote: true,
      languages: [],
      teamSize: null,
      hourlyRate: null,
      minProjectBudget: null,
      foundedYear: null,
      acceptingClients: true,
      portfolio: [],
    });
    expect(await profileOf(provider.slug)).toMatchObject({ remote: true, languages: [], portfolio: [] });
  });

  it("clears each nullable fact with null, and the lists with [], leaving the other fields alone", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    await patch(key, EVERY_FACT);
    const response = await patch(key, {
      countryCode: null,
      city: null,
      teamSize: null,
      hourlyRate: null,
      minProjectBudget: null,
      foundedYear: null,
      languages: [],
      portfolio: [],
    });
    expect(response.status).toBe(200);
    const row = await providerRow(provider.id);
    expect(row).toMatchObject({
      countryCode: null,
      city: null,
      teamSize: null,
      hourlyRate: null,
      minProjectBudget: null,
      foundedYear: null,
      languages: [],
      portfolio: [],
      remote: false,
      acceptingClients: false,
      headline: provider.headline,
    });
  });

  it("keeps the portfolio in the order given: a reorder is a PATCH with the new order", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    await patch(key, EVERY_FACT);
    const reversed = [...EVERY_FACT.portfolio].reverse();
    await patch(key, { portfolio: reversed });
    expect((await providerRow(provider.id)).portfolio.map((p) => p.title)).toEqual(["Routing app", "Checkout relaunch"]);
  });

  it("accepts the bounds: founded this year or in 1800, a budget of 0 or 10 000 000, 10 languages, 12 projects", async () => {
    const { key } = await makeProviderWithOwner(getDb());
    const item = { title: "P", url: "https://p.example/" };
    const response = await patch(key, {
      foundedYear: new Date().getUTCFullYear(),
      minProjectBudget: 10_000_000,
      languages: ["en", "de", "fr", "es", "it", "nl", "pl", "pt", "sv", "da"],
      portfolio: Array.from({ length: 12 }, () => item),
    });
    expect(response.status).toBe(200);
    expect((await patch(key, { foundedYear: 1800, minProjectBudget: 0 })).status).toBe(200);
  });

  it("names the facts in the activity log's audit event", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    await patch(key, { countryCode: "FR", portfolio: [] });
    const [event] = await getDb().select().from(auditEvents).where(eq(auditEvents.providerId, provider.id));
    expect(event!.metadata).toEqual({ fields: ["countryCode", "portfolio"] });
  });

  it.each([
    [{ countryCode: "XX" }, "countryCode"],
    [{ countryCode: "DEU" }, "countryCode"],
    [{ countryCode: 49 }, "countryCode"],
    [{ city: "" }, "city"],
    [{ city: "x".repeat(101) }, "city"],
    [{ city: "Berlin\nMitte" }, "city"],
    [{ remote: "yes" }, "remote"],
    [{ remote: null }, "remote"],
    [{ languages: ["xx"] }, "languages.0"],
    [{ languages: ["en", "EN"] }, "languages"],
    [{ languages: ["eng"] }, "languages.0"],
    [{ languages: null }, "languages"],
    [{ languages: ["en", "de", "fr", "es", "it", "nl", "pl", "pt", "sv", "da", "fi"] }, "languages"],
    [{ teamSize: "11-50" }, "teamSize"],
    [{ hourlyRate: "1000" }, "hourlyRate"],
    [{ minProjectBudget: -1 }, "minProjectBudget"],
    [{ minProjectBudget: 10_000_001 }, "minProjectBudget"],
    [{ minProjectBudget: 99.5 }, "minProjectBudget"],
    [{ minProjectBudget: "5000" }, "minProjectBudget"],
    [{ foundedYear: 1799 }, "foundedYear"],
    [{ foundedYear: new Date().getUTCFullYear() + 1 }, "foundedYear"],
    [{ acceptingClients: "false" }, "acceptingClients"],
    [{ portfolio: null }, "portfolio"],
    [{ portfolio: Array.from({ length: 13 }, () => ({ title: "P", url: "https://p.example/" })) }, "portfolio"],
    [{ portfolio: [{ title: "", url: "https://p.example/" }] }, "portfolio.0.title"],
    [{ portfolio: [{ title: "x".repeat(121), url: "https://p.example/" }] }, "portfolio.0.title"],
    [{ portfolio: [{ title: "P", url: "javascript:alert(1)" }] }, "portfolio.0.url"],
    [{ portfolio: [{ title: "P", url: "http://10.0.0.1/" }] }, "portfolio.0.url"],
    [{ portfolio: [{ title: "P", url: `https://p.example/${"x".repeat(2048)}` }] }, "portfolio.0.url"],
    [{ portfolio: [{ title: "P", url: "https://p.example/", summary: "x".repeat(501) }] }, "portfolio.0.summary"],
    [{ portfolio: [{ title: "P", url: "https://p.example/", imageUrl: "ftp://p.example/i.png" }] }, "portfolio.0.imageUrl"],
    [{ portfolio: [{ title: "P", url: "https://p.example/", stars: 5 }] }, "portfolio.0.stars"],
  ])("refuses %j with 400 VALIDATION_FAILED naming '%s', changing nothing", async (json, path) => {
    const { provider, key } = await makeProviderWithOwner(getDb());
    const before = await providerRow(provider.id);
    const response = await patch(key, json);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toEqual([path]);
    expect(await providerRow(provider.id)).toEqual(before);
  });
});
