import { describe, expect, it } from "vitest";
import { redact } from "./redact";

// The one rule for logs and traces (issue 25, point 7): what an address can carry that must not leave
// the process in clear.

describe("redact", () => {
  it.each([
    ["/verify?token=AbC123-_x", "/verify?token=[redacted]"],
    ["/inquiries/verify?token=t1&x=2", "/inquiries/verify?token=[redacted]&x=2"],
    ["/api/dev/mailbox?to=ada%40example.com&secret=mailbox-secret-0123456789", "/api/dev/mailbox?to=[redacted]&secret=[redacted]"],
    ["/api/dev/mailbox?secret=s3cret&to=ada@example.com#top", "/api/dev/mailbox?secret=[redacted]&to=[redacted]#top"],
    ["/signin/confirm?callbackUrl=%2Fstudio&token=abc&email=ada%40example.com", "/signin/confirm?callbackUrl=%2Fstudio&token=[redacted]&email=[redacted]"],
    ["/signin/check-email?email=ada.lovelace%2Btag%40example.com", "/signin/check-email?email=[redacted]"],
    // Any parameter holding an address, and a query string inside another one, percent-encoded.
    ["/providers?q=ada@example.com&page=2", "/providers?q=[redacted]&page=2"],
    ["/signin?callbackUrl=%2Fverify%3Ftoken%3DSECRET%26next%3D1", "/signin?callbackUrl=%2Fverify%3Ftoken%3D[redacted]%26next%3D1"],
    ["Authorization: Bearer prk_abcdefghijklmnop", "Authorization: Bearer [redacted]"],
    ["key prk_abcdefghijklmnopqrst in a message", "key prk_[redacted] in a message"],
  ])("%s", (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it("leaves addresses without secrets, and log fields that are no query string, as they are", () => {
    for (const text of ["/providers?specialty=design&page=2", "/providers/acme-studio", '{"to":"ada@example.com","kind":"VERIFICATION"}', "https://registry.example/studio"]) {
      expect(redact(text)).toBe(text);
    }
  });

  it("redacts inside a JSON log line without eating the closing quote", () => {
    const line = JSON.stringify({ event: "request", url: "http://x/api/dev/mailbox?to=ada@example.com" });
    expect(JSON.parse(redact(line))).toEqual({ event: "request", url: "http://x/api/dev/mailbox?to=[redacted]" });
  });
});
