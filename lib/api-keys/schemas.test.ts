import { describe, expect, it } from "vitest";
import { createApiKeySchema, expiryDate } from "./schemas";

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

describe("createApiKeySchema", () => {
  it("accepts a name with each expiry choice and trims the name", () => {
    expect(createApiKeySchema.parse({ name: "  CI  ", expiry: "never" })).toEqual({ name: "CI", expiry: "never" });
    expect(createApiKeySchema.safeParse({ name: "CI", expiry: "30" }).success).toBe(true);
    expect(createApiKeySchema.safeParse({ name: "CI", expiry: "90", expiresOn: "" }).success).toBe(true);
    const tomorrow = isoDate(new Date(Date.now() + DAY));
    expect(createApiKeySchema.safeParse({ name: "CI", expiry: "date", expiresOn: tomorrow }).success).toBe(true);
  });

  it("refuses a missing, impossible, past, today's or too distant date, on the date field", () => {
    const messages = (expiresOn: string | undefined) => {
      const result = createApiKeySchema.safeParse({ name: "CI", expiry: "date", expiresOn });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(messages(undefined)).toEqual(["expiresOn: Choose the date the key expires"]);
    expect(messages("2025-02-30")).toEqual(["expiresOn: Choose the date the key expires"]);
    expect(messages("31/01/2030")).toEqual(["expiresOn: Choose the date the key expires"]);
    expect(messages("2020-01-01")).toEqual(["expiresOn: Choose a date after today (UTC)"]);
    expect(messages(isoDate(new Date()))).toEqual(["expiresOn: Choose a date after today (UTC)"]);
    expect(messages(isoDate(new Date(Date.now() + 6 * 366 * DAY)))).toEqual([
      "expiresOn: Choose a date within five years, or “Never”",
    ]);
  });

  it("refuses an empty or over-long name and an unknown expiry choice", () => {
    const paths = (input: unknown) => {
      const result = createApiKeySchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    };
    expect(paths({ name: " ", expiry: "never" })).toEqual(["name"]);
    expect(paths({ name: "x".repeat(101), expiry: "never" })).toEqual(["name"]);
    expect(paths({ name: "CI", expiry: "7" })).toEqual(["expiry"]);
  });
});

describe("expiryDate", () => {
  it("is null for never, N days from now, or midnight UTC at the start of the chosen date", () => {
    const now = new Date("2030-06-15T12:34:56.000Z");
    expect(expiryDate({ name: "x", expiry: "never" }, now)).toBeNull();
    expect(expiryDate({ name: "x", expiry: "30" }, now)).toEqual(new Date("2030-07-15T12:34:56.000Z"));
    expect(expiryDate({ name: "x", expiry: "90" }, now)).toEqual(new Date("2030-09-13T12:34:56.000Z"));
    expect(expiryDate({ name: "x", expiry: "date", expiresOn: "2030-07-01" }, now)).toEqual(new Date("2030-07-01T00:00:00.000Z"));
  });
});
