import { describe, expect, it } from "vitest";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { describeTarget } from "./describe-audit-event";

const listingEdit = (fields: unknown) => describeTarget({ action: "listing.updated", targetType: "provider", metadata: { fields } });

describe("describeTarget for listing edits", () => {
  it("names the fields in words, in the order they were edited", () => {
    expect(listingEdit(["websiteUrl", "logoUrl"])).toBe("website, logo");
    expect(listingEdit(["countryCode", "minProjectBudget", "acceptingClients", "portfolio"])).toBe(
      "country, minimum project budget, accepting new clients, portfolio",
    );
  });

  it("has words for every field the listing form can send, none of them a code name", () => {
    for (const field of Object.keys(listingUpdateSchema.shape)) {
      const label = listingEdit([field]);
      expect(label, field).toMatch(/^[a-z ]+$/);
      if (/[A-Z]/.test(field)) expect(label, field).not.toBe(field.toLowerCase());
    }
  });

  it("turns an unknown field's code name into words, and says 'Listing' without fields", () => {
    expect(listingEdit(["someNewField"])).toBe("some new field");
    expect(listingEdit([])).toBe("Listing");
    expect(listingEdit("nonsense")).toBe("Listing");
  });
});
