import { describe, expect, it } from "vitest";
import { WEBHOOK_URL_MAX_LENGTH } from "@/lib/webhooks/destination";
import { WEBHOOK_URL_MAX_CHARS } from "./rules";
import { webhookCreateSchema } from "./schemas";

describe("webhook endpoint rules", () => {
  it("the form's URL limit is the destination rules' limit", () => {
    expect(WEBHOOK_URL_MAX_CHARS).toBe(WEBHOOK_URL_MAX_LENGTH);
    const long = `https://example.com/${"a".repeat(WEBHOOK_URL_MAX_LENGTH)}`;
    expect(webhookCreateSchema.safeParse({ url: long, eventTypes: ["inquiry.created"] }).success).toBe(false);
  });
});
