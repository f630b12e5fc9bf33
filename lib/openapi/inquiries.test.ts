import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { INQUIRY_HONEYPOT_FIELD } from "@/lib/inquiries/inquiry-fields";
import { inquirySubmissionSchema } from "@/lib/inquiries/schemas";

describe("the inquiry endpoints in the OpenAPI document", () => {
  it("documents the submission's fields but not the web form's honeypot, which the handler still reads", () => {
    const doc = buildOpenApiDocument();
    const body = doc.components?.schemas?.InquirySubmission as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(body.properties).sort()).toEqual(
      ["budget", "company", "email", "message", "name", "timeline", "turnstileToken"].sort(),
    );
    expect(JSON.stringify(doc)).not.toContain(INQUIRY_HONEYPOT_FIELD);
    const parsed = inquirySubmissionSchema.parse({
      name: "Bot",
      email: "bot@example.com",
      message: "A message long enough to pass the rules.",
      [INQUIRY_HONEYPOT_FIELD]: "filled",
    });
    expect(parsed[INQUIRY_HONEYPOT_FIELD]).toBe(true);
  });

  it("says how responsiveness is computed: every delivered inquiry but spam, an unanswered one by its wait so far", () => {
    const doc = buildOpenApiDocument();
    const schema = doc.components?.schemas?.Responsiveness as { description: string; oneOf?: unknown; anyOf?: unknown };
    const text = JSON.stringify(schema);
    expect(text).toMatch(/inquiries delivered in the last 90 days that it did not mark `SPAM`/);
    expect(text).toMatch(/not answered yet counts the hours it has waited so far/);
    expect(text).toMatch(/Null while the sample is under 5/);
  });
});
