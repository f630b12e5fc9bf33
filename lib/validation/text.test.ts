import { describe, expect, it } from "vitest";
import { createApiKeySchema } from "@/lib/api-keys/schemas";
import { interestApplicationSchema, rejectionReasonSchema } from "@/lib/applications/schemas";
import { setProviderApprovalInputSchema } from "@/lib/providers/admin-schemas";
import { providerNameSchema } from "@/lib/providers/provider-name-schema";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { defangWebAddresses } from "@/lib/email/user-text";
import { hasExplicitLink, isMultiLineText, isOneLineText } from "./text";

const application = (overrides: Record<string, unknown>) =>
  interestApplicationSchema.safeParse({ fullName: "Ada Lovelace", email: "ada@example.com", description: "Ten chars or more.", ...overrides });
const failedPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.path.join("."));

describe("one-line text and names", () => {
  it.each(["Ada\nLovelace", "Ada\r\nLovelace", "Ada\tLovelace", "Ada\u0007", "Ada\u2028Lovelace", "Ada\u202Eecalevol", "Ada\u2066x\u2069"])(
    "refuses %j as a name, a company name, a provider name, a key name and a headline",
    (value) => {
      expect(isOneLineText(value)).toBe(false);
      expect(failedPaths(application({ fullName: value }))).toEqual(["fullName"]);
      expect(failedPaths(application({ companyName: value }))).toEqual(["companyName"]);
      expect(failedPaths(application({ referralSource: value }))).toEqual(["referralSource"]);
      expect(providerNameSchema.safeParse(value).success).toBe(false);
      expect(createApiKeySchema.safeParse({ name: value, expiry: "never" }).success).toBe(false);
      expect(listingUpdateSchema.safeParse({ headline: value }).success).toBe(false);
    },
  );

  it.each([
    "https://evil.example",
    "re-verify at https://evil-login.com",
    "www.example",
    "www。example",
    "www\uFE52example",
    "www\u200B.example",
    "https\u200B://evil.example",
    "https:\u2060//evil.example",
    "hxxp://x",
    "Ada (WWW.EVIL.EXAMPLE)",
  ])(
    "refuses the link %j in names, where mail programs would make it a link",
    (value) => {
      expect(hasExplicitLink(value)).toBe(true);
      expect(failedPaths(application({ fullName: value }))).toEqual(["fullName"]);
      expect(failedPaths(application({ companyName: value }))).toEqual(["companyName"]);
      expect(providerNameSchema.safeParse(value).success).toBe(false);
    },
  );

  it.each(["Ada Lovelace", "J. R. R. Tolkien", "J.R.R. Tolkien", "Zoë Müller-O’Brien", "Acme Inc.", "Dr. No", "St. Pierre & Fils", "株式会社テスト", "Acme.io", "Booking.com", "Mr.Smith"])(
    "accepts the name %j",
    (value) => {
      expect(application({ fullName: value, companyName: value }).success).toBe(true);
      expect(providerNameSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each(["Acme.io", "re-verify at evil-login.com", "evil。com", "Mr.Smith"])(
    "treats the dotted name %j as a web address, which emails defang",
    (value) => {
      expect(defangWebAddresses(value)).not.toBe(value);
      expect(hasExplicitLink(value)).toBe(false);
    },
  );

  it("lets where-you-heard-of-us name a web address (it is never emailed)", () => {
    expect(application({ referralSource: "news.ycombinator.com" }).success).toBe(true);
  });
});

describe("notes and reasons", () => {
  it("keep paragraphs but refuse other control and direction characters", () => {
    expect(isMultiLineText("First.\nSecond.\r\n\r\nThird.")).toBe(true);
    for (const bad of ["a\tb", "a\u0000b", "a\rb", "a\u202Eb", "a\u2029b", "a\u001bb"]) {
      expect(isMultiLineText(bad)).toBe(false);
      expect(rejectionReasonSchema.safeParse(bad).success).toBe(false);
      expect(setProviderApprovalInputSchema.safeParse({ providerId: crypto.randomUUID(), status: "SUSPENDED", note: bad }).success).toBe(false);
    }
    expect(rejectionReasonSchema.safeParse("Not a fit.\nApply again next year.").success).toBe(true);
  });
});
