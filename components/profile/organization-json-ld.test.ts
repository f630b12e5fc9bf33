import { describe, expect, it } from "vitest";
import type { PublicProfile } from "@/lib/providers/serialize";
import { serializeReviewStats } from "@/lib/reviews/serialize-review";
import { organizationJsonLd } from "./organization-json-ld";

const base: PublicProfile = {
  slug: "acme",
  ranking: null,
  name: "Acme",
  headline: "We build",
  description: "",
  specialties: [],
  websiteUrl: null,
  logoUrl: null,
  bannerUrl: null,
  featured: false,
  publishedAt: null,
  confirmedAt: "2026-01-01T00:00:00.000Z",
  responsiveness: null,
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
  reviews: serializeReviewStats(null),
  notices: [],
};

describe("organizationJsonLd", () => {
  it("adds the profile facts where schema.org has a place for them", () => {
    const data = JSON.parse(
      organizationJsonLd({
        ...base,
        countryCode: "DE",
        city: "Berlin",
        languages: ["de", "en"],
        teamSize: "250+",
        hourlyRate: "<25",
        minProjectBudget: 5000,
        foundedYear: 2014,
      }),
    );
    expect(data).toMatchObject({
      address: { "@type": "PostalAddress", addressCountry: "DE", addressLocality: "Berlin" },
      foundingDate: "2014",
      knowsLanguage: ["de", "en"],
      numberOfEmployees: { "@type": "QuantitativeValue", minValue: 250 },
      makesOffer: {
        "@type": "Offer",
        priceSpecification: [
          { "@type": "UnitPriceSpecification", priceCurrency: "USD", unitCode: "HUR", maxPrice: 24 },
          { "@type": "PriceSpecification", priceCurrency: "USD", minPrice: 5000 },
        ],
      },
    });
    expect(data.numberOfEmployees.maxValue).toBeUndefined();
  });

  it("reads a closed band as both bounds", () => {
    const data = JSON.parse(organizationJsonLd({ ...base, teamSize: "10-49", hourlyRate: "100-149" }));
    expect(data.numberOfEmployees).toEqual({ "@type": "QuantitativeValue", minValue: 10, maxValue: 49 });
    expect(data.makesOffer.priceSpecification).toMatchObject({ minPrice: 100, maxPrice: 149 });
  });

  it("leaves out what the provider has not stated", () => {
    const data = JSON.parse(organizationJsonLd(base));
    for (const key of ["address", "foundingDate", "knowsLanguage", "numberOfEmployees", "makesOffer"]) {
      expect(data, key).not.toHaveProperty(key);
    }
  });

  it("cannot close its script element from provider text", () => {
    expect(organizationJsonLd({ ...base, city: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
  it("gains aggregateRating matching the review figures from 3 published reviews on, and not below", () => {
    const figures = (count: number, sum: number) =>
      serializeReviewStats({
        count,
        sumOverall: sum,
        distribution: [0, 0, 0, 0, count],
        recommendCount: count,
        qualityCount: 0,
        qualitySum: 0,
        scheduleCount: 0,
        scheduleSum: 0,
        communicationCount: 0,
        communicationSum: 0,
        valueCount: 0,
        valueSum: 0,
        bayesian24m: 4,
      });
    const two = JSON.parse(organizationJsonLd({ ...base, reviews: figures(2, 9) }));
    expect(two.aggregateRating).toBeUndefined();
    const three = JSON.parse(organizationJsonLd({ ...base, reviews: figures(3, 14) }));
    expect(three.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.67, reviewCount: 3, bestRating: 5 });
    expect(JSON.parse(organizationJsonLd(base)).aggregateRating).toBeUndefined();
  });
});
