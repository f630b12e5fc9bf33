import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { getInquiry } from "./get-inquiry";

// The studio's inquiry page (/studio/inquiries/[id]) reads one inquiry through getInquiry: a message
// reaches the provider only once its sender confirmed the address.
describe("getInquiry", () => {
  it("returns a delivered inquiry of the provider, as the API's Inquiry", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const inquiry = await makeInquiry(db, { providerId: provider.id, senderName: "Grace Hopper", status: "REPLIED" });
    expect(await getInquiry(db, { providerId: provider.id, inquiryId: inquiry.id })).toMatchObject({
      id: inquiry.id,
      providerSlug: provider.slug,
      name: "Grace Hopper",
      status: "REPLIED",
      deliveredAt: inquiry.deliveredAt!.toISOString(),
    });
  });

  it("refuses an inquiry whose sender has not confirmed it yet, as if it did not exist", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const unconfirmed = await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION", message: "Not confirmed: the provider must not read this." });
    expect(unconfirmed.deliveredAt).toBeNull();
    await expect(getInquiry(db, { providerId: provider.id, inquiryId: unconfirmed.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No inquiry with this id.",
    });
  });

  it("refuses another provider's inquiry, and an id that is not one, the same way", async () => {
    const db = getDb();
    const [mine, theirs] = await Promise.all([makeProvider(db), makeProvider(db)]);
    const theirInquiry = await makeInquiry(db, { providerId: theirs.id });
    for (const inquiryId of [theirInquiry.id, crypto.randomUUID(), "not-a-uuid"]) {
      await expect(getInquiry(db, { providerId: mine.id, inquiryId })).rejects.toMatchObject({ code: "NOT_FOUND", message: "No inquiry with this id." });
    }
  });
});
