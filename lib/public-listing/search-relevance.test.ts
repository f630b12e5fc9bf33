// Search relevance (issue 14): a small fixed catalogue and fixed queries with the answers people expect.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { providerListQuerySchema } from "./list-query-schema";
import { listRowsQuery } from "./list-query-sql";

beforeAll(async () => {
  const db = getDb();
  await db.delete(providers);
  const make = (slug: string, values: Parameters<typeof makeProvider>[1]) =>
    makeProvider(db, { slug, headline: "", description: "", specialties: [], publishedAt: new Date(Date.UTC(2026, 0, 1)), ...values });
  await make("pixel-forge", { name: "Pixel Forge", specialties: ["DESIGN"], headline: "Brand identities" });
  await make("north-ux", { name: "North UX", specialties: ["DESIGN", "DEVELOPMENT"], description: "Interfaces people enjoy." });
  await make("quiet-type", { name: "Quiet Type", specialties: ["DESIGN"] });
  await make("designworks", { name: "Designworks Collective", specialties: ["MARKETING"] });
  await make("graph-lab", { name: "Graph Lab", specialties: ["DATA"], description: "We design data pipelines and dashboards." });
  await make("zurich", { name: "Zürich Cloud Consulting", specialties: ["CONSULTING", "DEVOPS"], headline: "Kubernetes migrations" });
  await make("creme", { name: "Crème de la Code", specialties: ["DEVELOPMENT"], headline: "Développement web sur mesure" });
  await make("acme", { name: "Acme.io", specialties: ["DEVELOPMENT"], headline: "E-commerce storefronts" });
  await make("cloudy", { name: "Cloudy Days", specialties: ["MARKETING"], description: "Cloud migration stories, told well." });
  await make("hidden-design", { name: "Hidden Design", specialties: ["DESIGN"], publicProfile: false });
});

async function search(q: string, sort = "featured") {
  const result = await listPublicProviderCards(getDb(), providerListQuerySchema.parse({ q, sort, limit: "100" }));
  expect(result.total).toBe(result.data.length);
  return result.data.map((d) => d.slug);
}

describe("directory search", () => {
  it("a specialty name finds every listed provider of that specialty, and words that start with it", async () => {
    expect((await search("design")).sort()).toEqual(["designworks", "graph-lab", "north-ux", "pixel-forge", "quiet-type"]);
    expect((await search("DevOps")).sort()).toEqual(["zurich"]);
  });

  it("is case- and accent-insensitive both ways", async () => {
    expect(await search("zurich")).toEqual(["zurich"]);
    expect(await search("ZÜRICH")).toEqual(["zurich"]);
    expect(await search("creme")).toEqual(["creme"]);
    expect(await search("développement")).toEqual(["creme"]);
    expect(await search("developpement")).toEqual(["creme"]);
  });

  it("matches a prefix of a word, as people type", async () => {
    expect(await search("kube")).toEqual(["zurich"]);
    expect((await search("clo")).sort()).toEqual(["cloudy", "zurich"]);
    expect(await search("dashb")).toEqual(["graph-lab"]);
  });

  it("searches the headline and the description too", async () => {
    expect(await search("identities")).toEqual(["pixel-forge"]);
    expect(await search("enjoy")).toEqual(["north-ux"]);
  });

  it("requires every word, in any order", async () => {
    expect((await search("migration cloud")).sort()).toEqual(["cloudy", "zurich"]);
    expect(await search("cloud kubernetes")).toEqual(["zurich"]);
    expect(await search("cloud brand")).toEqual([]);
  });

  it("finds dotted and hyphenated names whole and by their parts", async () => {
    expect(await search("acme.io")).toEqual(["acme"]);
    expect(await search("acme")).toEqual(["acme"]);
    expect(await search("e-commerce")).toEqual(["acme"]);
    expect(await search("commerce")).toEqual(["acme"]);
  });

  it("ranks a name match above a specialty match above a description match with sort=relevance", async () => {
    const ranked = await search("design", "relevance");
    expect(ranked[0]).toBe("designworks");
    expect(ranked.at(-1)).toBe("graph-lab");
    expect(ranked.slice(1, -1).sort()).toEqual(["north-ux", "pixel-forge", "quiet-type"]);
  });

  it("takes text without words literally, and never as a pattern", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("'")).toEqual([]);
    expect(await search("zz:* | cloud")).toEqual([]);
    expect(await search("!&")).toEqual([]);
  });

  it("reads a search the same whether it sorts its matches or walks an order index", async () => {
    for (const q of ["design", "clo", "zurich", "e-commerce"]) {
      for (const sort of ["featured", "newest", "name"]) {
        for (const page of ["1", "2"]) {
          const query = providerListQuerySchema.parse({ q, sort, page, limit: "2" });
          const walked = await listRowsQuery(getDb(), query, undefined, false);
          const sorted = await listRowsQuery(getDb(), query, undefined, true);
          expect(sorted.map((r) => r.slug), `${q} ${sort} ${page}`).toEqual(walked.map((r) => r.slug));
        }
      }
    }
  });
});
