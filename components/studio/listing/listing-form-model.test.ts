import { describe, expect, it } from "vitest";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { changedFields, toPatch, type ListingFormValues } from "./listing-form-model";

const values: ListingFormValues = {
  headline: "H",
  description: "D",
  specialties: [],
  websiteUrl: "",
  logoUrl: "",
  bannerUrl: "",
  countryCode: "",
  city: " ",
  remote: true,
  languages: [],
  teamSize: "",
  hourlyRate: "",
  minProjectBudget: "",
  foundedYear: "",
  acceptingClients: true,
  portfolio: [],
};

describe("the listing form's values as the PATCH body", () => {
  it("sends empty boxes and 'not stated' selects as null, which the API schema accepts", () => {
    const patch = toPatch(values);
    expect(patch).toMatchObject({ countryCode: null, city: null, teamSize: null, hourlyRate: null, minProjectBudget: null, foundedYear: null });
    expect(listingUpdateSchema.safeParse(patch).success).toBe(true);
  });

  it("reads numbers with spaces or thousands separators, and leaves other text for the schema to refuse", () => {
    expect(toPatch({ ...values, minProjectBudget: "20 000", foundedYear: "2014" })).toMatchObject({ minProjectBudget: 20000, foundedYear: 2014 });
    expect(toPatch({ ...values, minProjectBudget: "20,000" }).minProjectBudget).toBe(20000);
    const refused = listingUpdateSchema.safeParse(toPatch({ ...values, minProjectBudget: "about 5k" }));
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["minProjectBudget"]);
  });

  it("names only the fields that differ from what was loaded, a reordered portfolio included", () => {
    const a = { title: "A", url: "https://a.example/", summary: "", imageUrl: "" };
    const b = { title: "B", url: "https://b.example/", summary: "", imageUrl: "" };
    const loaded = { ...values, portfolio: [a, b] };
    expect(changedFields({ ...loaded }, loaded)).toEqual([]);
    expect(changedFields({ ...loaded, portfolio: [b, a], countryCode: "DE" }, loaded)).toEqual(["countryCode", "portfolio"]);
  });
});
