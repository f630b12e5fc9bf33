import { describe, expect, it } from "vitest";
import { applyFormSchema, interestApplicationSchema } from "./schemas";

const base = { fullName: "Ada Lovelace", email: "ada@example.com", description: "Ten chars or more." };
const companyErrors = (result: ReturnType<typeof applyFormSchema.safeParse>) =>
  result.success ? [] : result.error.issues.filter((i) => i.path.join(".") === "companyName").map((i) => i.message);

describe("the company name: required by the apply form, optional in the API", () => {
  it.each([undefined, null, "", "   "])("refuses %j as the apply form's company name, with one message", (companyName) => {
    expect(companyErrors(applyFormSchema.safeParse({ ...base, companyName }))).toEqual(["Enter your company or agency name"]);
  });

  it("accepts the same values in the public API's body, which leaves the company out", () => {
    for (const companyName of [undefined, null, "", "   "]) {
      const parsed = interestApplicationSchema.safeParse({ ...base, companyName });
      expect(parsed.success && parsed.data.companyName).toBeUndefined();
    }
  });

  it("keeps every other rule of the API's schema in the form's (one rule, one place)", () => {
    const parsed = applyFormSchema.safeParse({ ...base, companyName: "  Bright Pixel ", description: "short" });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."))).toEqual(["description"]);
    expect(applyFormSchema.parse({ ...base, companyName: "  Bright Pixel " }).companyName).toBe("Bright Pixel");
  });
});
