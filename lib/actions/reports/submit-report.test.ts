import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { makeProvider } from "@/test/support/factories";
import { submitReportFromForm } from "./submit-report";

// Server actions read the request headers through next/headers, which only works inside a request.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb());
});

function form(values: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of values) data.append(k, v);
  return data;
}

describe("the report form's action (a plain form post)", () => {
  it("stores the report with every ticked field, one or several, and says whether an email will follow", async () => {
    const one = await submitReportFromForm(null, form([["slug", provider.slug], ["category", "WEBSITE_BROKEN"], ["fields", "websiteUrl"], ["note", ""], ["email", ""]]));
    expect(one).toEqual({ ok: true, data: { emailed: false } });
    const several = await submitReportFromForm(
      null,
      form([
        ["slug", provider.slug],
        ["category", "WRONG_FACTS"],
        ["fields", "city"],
        ["fields", "teamSize"],
        ["note", "The team is much larger now."],
        ["email", "reader@example.com"],
      ]),
    );
    expect(several).toEqual({ ok: true, data: { emailed: true } });
    const rows = await getDb().select().from(listingReports).where(eq(listingReports.providerId, provider.id));
    expect(rows.map((r) => [r.category, r.fields, r.note, r.reporterEmail]).sort()).toEqual([
      ["WEBSITE_BROKEN", ["websiteUrl"], null, null],
      ["WRONG_FACTS", ["city", "teamSize"], "The team is much larger now.", "reader@example.com"],
    ]);
  });

  it("answers field errors for a missing category and a missing note, storing nothing", async () => {
    const other = await makeProvider(getDb());
    const none = await submitReportFromForm(null, form([["slug", other.slug]]));
    expect(none).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { category: "Choose what is wrong" } });
    const noNote = await submitReportFromForm(null, form([["slug", other.slug], ["category", "OTHER"], ["note", " "]]));
    expect(noNote).toMatchObject({ ok: false, fieldErrors: { note: expect.stringMatching(/10 to 1000 characters/) } });
    expect(await getDb().select().from(listingReports).where(eq(listingReports.providerId, other.id))).toEqual([]);
  });

  it("answers NOT_FOUND for a provider nobody can see", async () => {
    const hidden = await makeProvider(getDb(), { publicProfile: false });
    expect(await submitReportFromForm(null, form([["slug", hidden.slug], ["category", "OUT_OF_BUSINESS"]]))).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});
