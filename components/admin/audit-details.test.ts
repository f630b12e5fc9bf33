import { describe, expect, it } from "vitest";
import { describeAuditDetails } from "./audit-details";

describe("the audit trail's details", () => {
  it("names keys and listing fields in words, as the studio's activity log does", () => {
    expect(describeAuditDetails({ fields: ["websiteUrl", "logoUrl"] })).toBe("fields: website, logo");
    expect(describeAuditDetails({ field: "SLUG", currentValue: "acme", requestedValue: "acme-studio" })).toBe(
      "field: slug\ncurrent value: acme\nrequested value: acme-studio",
    );
    expect(describeAuditDetails({ email: "ada@example.com", inviteStatus: "PENDING", featured: true })).toBe(
      "email: ada@example.com\ninvite status: PENDING\nfeatured: true",
    );
  });
});
