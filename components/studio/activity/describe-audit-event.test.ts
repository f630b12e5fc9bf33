import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { CLI_CALLER } from "@/lib/auth/caller";
import { changeInquiryStatus } from "@/lib/inquiries/change-inquiry-status";
import { inquiryNames } from "@/lib/inquiries/inquiry-names";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { makeInquiry, makeProviderWithOwner } from "@/test/support/factories";
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

describe("describeTarget for inquiries", () => {
  const statusChange = { action: "inquiry.status_changed", targetType: "inquiry", targetId: "i-1", metadata: { from: "NEW", to: "REPLIED" } };
  const named = (opening: string) => new Map([["i-1", { erased: false as const, sender: "Jane Doe", opening }]]);

  it("names the inquiry by its sender and the start of its message, cut at a word", () => {
    expect(describeTarget(statusChange, named("Website redesign for our three bakeries, launching in spring\nThanks!"))).toBe(
      "Marked the inquiry from Jane Doe (“Website redesign for our three bakeries…”) as replied (was new)",
    );
    expect(describeTarget(statusChange, named("Short one"))).toBe("Marked the inquiry from Jane Doe (“Short one”) as replied (was new)");
  });

  it("names the inquiry of a 'worked together' mark too", () => {
    const marked = { action: "inquiry.engagement_marked", targetType: "inquiry", targetId: "i-1", metadata: {} };
    expect(describeTarget(marked, named("Hello there"))).toBe("The inquiry from Jane Doe (“Hello there”)");
    expect(describeTarget(marked)).toBe("Inquiry");
  });

  it("says only what changed for an inquiry it cannot name, and never a name for an erased sender", () => {
    expect(describeTarget(statusChange)).toBe("new → replied");
    expect(describeTarget(statusChange, new Map([["i-1", { erased: true as const }]]))).toBe(
      "Marked an inquiry whose sender had their details erased as replied (was new)",
    );
  });
});

describe("the studio's activity log after a status change", () => {
  it("names the inquiry from the database, with no address of the sender", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db);
    const inquiry = await makeInquiry(db, {
      providerId: provider.id,
      senderName: "Jane Doe",
      senderEmail: "jane.doe@example.com",
      message: "Website redesign for a small bakery, please.",
    });
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "REPLIED", caller: CLI_CALLER });
    const { events } = await listAuditEvents(db, { providerId: provider.id });
    const event = events.find((e) => e.action === "inquiry.status_changed")!;
    const names = await inquiryNames(db, { providerId: provider.id, inquiryIds: [event.targetId!] });
    const details = describeTarget(event, names);
    expect(details).toBe("Marked the inquiry from Jane Doe (“Website redesign for a small bakery…”) as replied (was new)");
    expect(details).not.toContain("@");

    // Another provider's activity cannot name it, and an id that is no uuid names nothing.
    const other = await makeProviderWithOwner(db);
    expect((await inquiryNames(db, { providerId: other.provider.id, inquiryIds: [inquiry.id, "not-a-uuid"] })).size).toBe(0);
  });
});
