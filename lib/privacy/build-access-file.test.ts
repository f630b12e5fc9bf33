import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { privacyRequests } from "@/db/schema-reviews";
import { makeProviderWithOwner } from "@/test/support/factories";
import { latestLinkToken, makeMailboxFixture, requestPrivacyToken, type MailboxFixture } from "@/test/support/privacy-fixture";
import { unchangedBy } from "@/test/support/snapshot";
import { confirmPrivacyRequest } from "./confirm-privacy-request";
import { downloadAccessFile } from "./download-access-file";
import { mailboxHash } from "./mailbox-hash";

const ADA = ["ada.lovelace@gmail.com", "adalovelace+registry@googlemail.com"];
const GRACE = ["grace.hopper@example.com"];
let ada: MailboxFixture;
let grace: MailboxFixture;

beforeAll(async () => {
  const db = getDb();
  const a = await makeProviderWithOwner(db, { name: "Northwind Studio" });
  const b = await makeProviderWithOwner(db, { name: "Contoso Works" });
  const providers: [typeof a.provider, typeof b.provider] = [a.provider, b.provider];
  grace = await makeMailboxFixture(db, { spellings: GRACE, name: "Grace Hopper", providers, managerEmail: a.owner.user.email });
  ada = await makeMailboxFixture(db, { spellings: ADA, name: "Ada Lovelace", providers, managerEmail: a.owner.user.email, reportedReviewId: grace.reviewId });
});

describe("an ACCESS request's file", () => {
  let file: Record<string, unknown>;

  it("is emailed as a one-time link after confirmation, and downloads once", async () => {
    const db = getDb();
    const token = await requestPrivacyToken(db, { email: "A.D.A.Lovelace+copy@gmail.com", kind: "ACCESS" });
    await confirmPrivacyRequest(db, { token });
    const download = await latestLinkToken(db, { to: "a.d.a.lovelace+copy@gmail.com", kind: "PRIVACY_ACCESS_READY" });
    file = (await downloadAccessFile(db, { token: download })).file;
    await expect(unchangedBy(db, () => downloadAccessFile(db, { token: download }))).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.downloadTokenHash, (await import("@/lib/tokens/verification-token")).hashVerificationToken(download)));
    expect(row!.accessPayload).toBeNull();
    expect(row!.downloadedAt).toBeInstanceOf(Date);
  });

  it("holds every row of the mailbox, under every spelling, and nothing of another mailbox", () => {
    const ids = (key: string) => (file[key] as { id: string }[]).map((r) => r.id).sort();
    expect(ids("inquiries")).toEqual([...ada.inquiryIds.delivered, ...ada.inquiryIds.awaiting].sort());
    expect(ids("reviews")).toEqual([ada.reviewId]);
    expect(ids("interestApplications")).toEqual(Object.values(ada.applicationIds).sort());
    expect(ids("listingReports")).toEqual([ada.listingReportId]);
    expect(ids("reviewReports")).toEqual([ada.reviewReportId]);
    expect(file.privacyRequests).toEqual([expect.objectContaining({ kind: "ACCESS", completedAt: expect.any(String) })]);
    const inquiry = (file.inquiries as Record<string, unknown>[]).find((i) => i.status === "REPLIED");
    expect(inquiry).toMatchObject({ provider: { name: "Contoso Works" }, name: "Ada Lovelace", message: ada.message });

    const text = JSON.stringify(file);
    expect(text).not.toMatch(/grace|hopper/i);
    // Grace's review id appears once, as the review Ada reported (her own row); nothing else of Grace's.
    expect(text.split(grace.reviewId)).toHaveLength(2);
    expect((file.reviewReports as { reviewId: string }[])[0]!.reviewId).toBe(grace.reviewId);
    for (const id of [...grace.inquiryIds.delivered, ...grace.inquiryIds.awaiting, ...Object.values(grace.applicationIds), grace.listingReportId, grace.reviewReportId]) {
      expect(text).not.toContain(id);
    }
  });

  it("refuses an unknown download token with TOKEN_INVALID and an expired one with TOKEN_EXPIRED", async () => {
    const db = getDb();
    await expect(downloadAccessFile(db, { token: "B".repeat(43) })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    const token = await requestPrivacyToken(db, { email: "late.download@example.com", kind: "ACCESS" });
    const now = new Date();
    await confirmPrivacyRequest(db, { token, now });
    const download = await latestLinkToken(db, { to: "late.download@example.com", kind: "PRIVACY_ACCESS_READY" });
    const later = new Date(now.getTime() + 7 * 86_400_000 + 1000);
    await expect(downloadAccessFile(db, { token: download, now: later })).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    expect(mailboxHash("late.download@example.com")).toMatch(/^[0-9a-f]{64}$/);
  });
});
