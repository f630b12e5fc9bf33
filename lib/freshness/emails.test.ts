import { describe, expect, it } from "vitest";
import { confirmReminderEmail, listingHiddenEmail, listingStaleEmail } from "./emails";
import { hideAt, staleAt } from "./freshness-fields";

const confirmedAt = new Date("2026-01-10T09:00:00Z");
const params = {
  providerName: "Evil Corp <https://evil.example>",
  confirmUrl: "https://registry.example/listing/confirm?token=abc",
  studioUrl: "https://registry.example/studio/listing",
  confirmedAt,
  staleAt: staleAt(confirmedAt),
  hideAt: hideAt(confirmedAt),
};

describe("the freshness emails", () => {
  it("say what happens when, link our confirm page, and keep the provider's name out of the subject and the link", () => {
    const first = confirmReminderEmail({ ...params, second: false });
    const second = confirmReminderEmail({ ...params, second: true });
    const stale = listingStaleEmail(params);
    const hidden = listingHiddenEmail(params);
    expect(first.text).toContain("last confirmed on 10 January 2026");
    expect(first.text).toContain("on 8 August 2026 it is hidden");
    expect(second.subject).toBe("Your listing will be hidden in 37 days: please confirm its details");
    expect(stale.text).toContain('now say "Details not confirmed since 10 January 2026"');
    expect(hidden.subject).toContain("hidden");
    for (const mail of [first, second, stale, hidden]) {
      expect(mail.subject).not.toContain("Evil");
      expect(mail.text).toContain("Confirm");
      expect(mail.text).toContain(params.confirmUrl);
      expect(mail.text).toContain("works for 30 days");
      // The name is quoted in the labelled block and defanged, never a link.
      expect(mail.text).toContain("Name: “Evil Corp");
      expect(mail.html).not.toContain("https://evil.example");
      expect(mail.html).toContain(`href="${params.confirmUrl}"`);
    }
  });
});
