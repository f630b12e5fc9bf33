import { describe, expect, it } from "vitest";
import { adminProviderSearchSchema } from "@/lib/providers/admin-schemas";
import { providerListQuerySchema } from "@/lib/public-listing/list-query-schema";
import { clearFiltersHref, describeFilters, filterChips } from "./directory-labels";
import { DIRECTORY_PARAMS, directoryHrefFromParam, directoryPath, directorySearchOf } from "./directory-params";
import { activeFilterCount, directoryHref, parseDirectoryQuery, type RawSearchParams } from "./directory-query";
import { pageItems } from "./page-numbers";

/** A query string as Next.js hands a page its searchParams: a repeated parameter becomes a list. */
function rawOf(search: string): RawSearchParams {
  const raw: RawSearchParams = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = raw[key];
    raw[key] = seen === undefined ? value : [seen].flat().concat(value);
  }
  return raw;
}

const parse = (search: string) => parseDirectoryQuery(rawOf(search));

describe("the directory's URL", () => {
  it("knows every parameter of the list API's schema but the page size and explain (the cards explain themselves)", () => {
    const schemaKeys = Object.keys(providerListQuerySchema.shape).filter((k) => k !== "limit" && k !== "explain");
    expect([...DIRECTORY_PARAMS].sort()).toEqual(schemaKeys.sort());
  });

  it("reads every filter, the search, the order and the page with the API's schema", () => {
    const search =
      "specialty=design&featured=true&q=cloud&country=DE&language=de&remote=true&teamSize=10-49&teamSize=2-9&budget=10000&acceptingClients=true&sort=newest&page=2";
    const { query, filters, rejected, redirectTo } = parse(search);
    expect(rejected).toEqual([]);
    expect(redirectTo).toBeNull();
    expect(query).toMatchObject({ specialty: "DESIGN", country: "DE", teamSize: ["10-49", "2-9"], budget: 10000, sort: "newest", page: 2, limit: 20 });
    expect(filters).toEqual({
      specialty: "DESIGN",
      featured: true,
      q: "cloud",
      country: "DE",
      language: "de",
      remote: true,
      teamSize: ["10-49", "2-9"],
      budget: 10000,
      acceptingClients: true,
      sort: "newest",
    });
    expect(directoryHref(filters, 2)).toBe(`/providers?${search}`);
  });

  it("lists the best match first while there is a search term, and the recommended order otherwise, neither spelled in the URL", () => {
    expect(parse("q=berlin").query.sort).toBe("relevance");
    expect(parse("q=berlin").redirectTo).toBeNull();
    expect(parse("q=berlin&sort=relevance").redirectTo).toBe("/providers?q=berlin");
    // With a term, the recommended order is a choice of its own, and stays in the address.
    expect(parse("q=berlin&sort=recommended").query.sort).toBe("recommended");
    expect(parse("q=berlin&sort=recommended").redirectTo).toBeNull();
    expect(parse("specialty=design").query.sort).toBe("recommended");
    expect(parse("specialty=design&sort=recommended").redirectTo).toBe("/providers?specialty=design");
    expect(directoryHref({ sort: "recommended" })).toBe("/providers");
    expect(directorySearchOf(new URLSearchParams("q=berlin&sort=relevance"))).toBe("q=berlin");
    expect(directorySearchOf(new URLSearchParams("q=&sort=recommended"))).toBe("");
    expect(directorySearchOf(new URLSearchParams("q=berlin&sort=recommended"))).toBe("q=berlin&sort=recommended");
  });

  it("is one address per list: empty, default, repeated, unknown and differently spelled parameters redirect to it", () => {
    // What a GET form without JavaScript sends for "Germany, German, $10,000".
    const form = "q=&specialty=&country=DE&language=de&budget=10000&sort=recommended";
    expect(parse(form).redirectTo).toBe("/providers?country=DE&language=de&budget=10000");
    expect(parse("q=&specialty=").redirectTo).toBe("/providers");
    expect(parse("featured=false&remote=false&acceptingClients=false&page=1&sort=recommended").redirectTo).toBe("/providers");
    expect(parse("specialty=DESIGN&country=de&language=DE&q=%20cloud%20").redirectTo).toBe(
      "/providers?specialty=design&q=cloud&country=DE&language=de",
    );
    expect(parse("teamSize=2-9&teamSize=10-49&teamSize=2-9").redirectTo).toBe("/providers?teamSize=10-49&teamSize=2-9");
    expect(parse("country=DE&country=FR").redirectTo).toBe("/providers?country=DE");
    expect(parse("utm_source=mail&page=2").redirectTo).toBe("/providers?page=2");
    expect(parse("language=de&country=DE").redirectTo).toBe("/providers?country=DE&language=de");
    expect(parse("country=DE&language=de").redirectTo).toBeNull();
    expect(parse("").redirectTo).toBeNull();
  });

  it("leaves out only the values it does not recognise, says which, and keeps the visitor's link", () => {
    const { filters, rejected, redirectTo, page } = parse("country=XX&language=de&budget=cheap&teamSize=huge&page=0&q=");
    expect(filters).toEqual({ language: "de" });
    expect(page).toBe(1);
    expect(rejected).toEqual([
      { key: "country", value: "XX" },
      { key: "teamSize", value: "huge" },
      { key: "budget", value: "cheap" },
      { key: "page", value: "0" },
    ]);
    expect(redirectTo).toBeNull();
  });

  it("refuses a relevance order without a search, as the API does, and keeps the rest", () => {
    const { filters, rejected } = parse("sort=relevance&country=DE");
    expect(rejected).toEqual([{ key: "sort", value: "relevance" }]);
    expect(filters).toEqual({ country: "DE" });
  });

  it("never lets a NUL character reach a query: the directory says so, the admin search ignores the term", () => {
    const directory = parseDirectoryQuery({ q: "cloud\u0000" });
    expect(directory.rejected).toEqual([{ key: "q", value: "cloud\u0000" }]);
    expect(directory.query.q).toBeUndefined();
    expect(adminProviderSearchSchema.parse({ q: "north\u0000" }).q).toBeUndefined();
  });

  it("reads every address it builds back as the same list, without a redirect", () => {
    const lists = [
      {},
      { specialty: "DATA" as const, page: 3 },
      { q: "café & co", sort: "name" as const },
      { teamSize: ["250+" as const, "1" as const, "50-249" as const], budget: 0 },
      { country: "CH", language: "fr", remote: true, acceptingClients: true, featured: true },
    ];
    for (const { page, ...filters } of lists.map((l) => ({ page: 1, ...l }))) {
      const href = directoryHref(filters, page);
      const back = parse(href.replace(/^\/providers\??/, ""));
      expect(back.redirectTo, href).toBeNull();
      expect(back.rejected, href).toEqual([]);
      expect(directoryHref(back.filters, back.page)).toBe(href);
    }
  });
});

describe("the filter form in the browser", () => {
  it("builds the same address the server would redirect the plain form's submission to", () => {
    for (const submitted of [
      "q=&specialty=&country=DE&language=de&teamSize=2-9&teamSize=1&budget=10000&acceptingClients=true&sort=recommended",
      "q=+cloud+&specialty=design&country=&language=&budget=&sort=relevance",
      "q=&specialty=&country=&language=&budget=&sort=name&featured=true&remote=true",
      "q=&specialty=&country=&language=&budget=&sort=recommended",
    ]) {
      const server = parse(submitted);
      expect(directoryPath(directorySearchOf(new URLSearchParams(submitted))), submitted).toBe(server.redirectTo ?? directoryHref(server.filters));
    }
  });
});

describe("a profile's way back (`from`)", () => {
  it("leads to the directory list it names, and nowhere else", () => {
    expect(directoryHrefFromParam("country=DE&language=de&page=2")).toBe("/providers?country=DE&language=de&page=2");
    expect(directoryHrefFromParam("language=de&country=DE&evil=1&q=")).toBe("/providers?country=DE&language=de");
    for (const foreign of ["//evil.example/", "https://evil.example/providers", "javascript:alert(1)", "", null]) {
      expect(directoryHrefFromParam(foreign), String(foreign)).toBeNull();
    }
  });
});

describe("how the filters read", () => {
  const filters = { specialty: "DESIGN" as const, country: "DE", language: "de", teamSize: ["10-49" as const, "2-9" as const], budget: 10000, sort: "name" as const };

  it("describes the list in words and counts the filters", () => {
    expect(describeFilters(filters)).toBe("Design providers in Germany, speaking German, with 2–9 people or 10–49 people, for a $10,000 budget");
    expect(describeFilters({})).toBe("Providers");
    expect(describeFilters({ featured: true, q: "cloud" })).toBe("Featured providers matching “cloud”");
    expect(activeFilterCount(filters)).toBe(6);
  });

  it("offers one chip per filter, each leading to the same list without it, from its first page", () => {
    expect(filterChips(filters).map((c) => [c.label, c.href])).toEqual([
      ["Specialty: Design", "/providers?country=DE&language=de&teamSize=10-49&teamSize=2-9&budget=10000&sort=name"],
      ["Country: Germany", "/providers?specialty=design&language=de&teamSize=10-49&teamSize=2-9&budget=10000&sort=name"],
      ["Language: German", "/providers?specialty=design&country=DE&teamSize=10-49&teamSize=2-9&budget=10000&sort=name"],
      ["Team: 2–9 people", "/providers?specialty=design&country=DE&language=de&teamSize=10-49&budget=10000&sort=name"],
      ["Team: 10–49 people", "/providers?specialty=design&country=DE&language=de&teamSize=2-9&budget=10000&sort=name"],
      ["Budget: $10,000", "/providers?specialty=design&country=DE&language=de&teamSize=10-49&teamSize=2-9&sort=name"],
    ]);
    expect(clearFiltersHref(filters)).toBe("/providers?sort=name");
    // A relevance order needs the search: dropping the search drops it too.
    expect(filterChips({ q: "cloud", sort: "relevance" })[0]?.href).toBe("/providers");
    expect(clearFiltersHref({ q: "cloud", sort: "relevance" })).toBe("/providers");
  });
});

describe("numbered pages", () => {
  const shown = (current: number, total: number, radius?: number) =>
    pageItems(current, total, radius)
      .map((i) => (i.kind === "gap" ? "…" : i.number === current ? `[${i.number}]` : String(i.number)))
      .join(" ");

  it("shows the first, the last and the current page's neighbours, with gaps between", () => {
    expect(shown(6, 20)).toBe("1 … 4 5 [6] 7 8 … 20");
    expect(shown(6, 20, 1)).toBe("1 … 5 [6] 7 … 20");
    expect(shown(1, 20)).toBe("[1] 2 3 … 20");
    expect(shown(20, 20)).toBe("1 … 18 19 [20]");
    expect(shown(1, 1)).toBe("[1]");
    expect(shown(2, 2)).toBe("1 [2]");
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("never hides a single page behind a gap", () => {
    expect(shown(5, 20)).toBe("1 2 3 4 [5] 6 7 … 20");
    expect(shown(4, 7, 1)).toBe("1 2 3 [4] 5 6 7");
  });
});
