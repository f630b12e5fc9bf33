import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, providerChangeRequests } from "@/db/schema";
import { submitApplication } from "@/lib/actions/apply/submit-application";
import { selectProvider } from "@/lib/actions/studio/select-provider";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/actions/studio/api-keys";
import { requestExportAction } from "@/lib/actions/studio/exports";
import { providerExports } from "@/db/schema-analytics";
import {
  confirmListingAction,
  publishListingAction,
  createChangeRequestAction,
  unpublishListingAction,
  updateListingAction,
  withdrawChangeRequestAction,
} from "@/lib/actions/studio/listing";
import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import { resendVerificationAction } from "@/lib/actions/verify/resend-verification";
import { changeInquiryStatusAction } from "@/lib/actions/inquiries/change-inquiry-status";
import { confirmInquiry } from "@/lib/actions/inquiries/confirm-inquiry";
import { renewInquiryLinkAction } from "@/lib/actions/inquiries/renew-inquiry-link";
import { confirmListingByLink } from "@/lib/actions/listing/confirm-by-link";
import { newConfirmToken } from "@/lib/freshness/confirm-token";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { submitInquiryAction } from "@/lib/actions/inquiries/submit-inquiry";
import { dismissClusterAction } from "@/lib/actions/reports/dismiss-cluster";
import { resolveReportAction } from "@/lib/actions/reports/resolve-report";
import { submitReportAction } from "@/lib/actions/reports/submit-report";
import { markEngagementAction } from "@/lib/actions/inquiries/mark-engagement";
import { declineInvitation } from "@/lib/actions/reviews/decline-invitation";
import { optOutOfReviews } from "@/lib/actions/reviews/opt-out";
import { reportReviewAction } from "@/lib/actions/reviews/report-review";
import { confirmPrivacyFromForm } from "@/lib/actions/privacy/confirm-privacy-request";
import { submitPrivacyRequestAction } from "@/lib/actions/privacy/submit-privacy-request";
import { requestPrivacyToken } from "@/test/support/privacy-fixture";
import { listingReports } from "@/db/schema-freshness";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { submitReviewAction } from "@/lib/actions/reviews/write-review";
import { editReviewAction, withdrawReviewAction } from "@/lib/actions/reviews/edit-review";
import { makeInvitation, makeReview } from "@/test/support/review-factories";
import { makeApiKey, makeInquiry, makeMember, makeProvider } from "@/test/support/factories";
import { REVIEW_CASES } from "./action-registry-reviews";
import { ADMIN_CASES, TEAM_CASES } from "./action-registry-team-admin";
import { WEBHOOK_CASES } from "./action-registry-webhooks";
import { adminOnly, call, everyone, signedOut, studioWrite, type ActionCase } from "./action-outcomes";

export type { ActionCase, Outcome } from "./action-outcomes";

// Every server action, with an input that would change something and the answer each principal
// must get: "ok", or the ActionFailure code. Add new actions here (the matrix runs them all).

async function pendingChangeRequest(db: Db, providerId: string) {
  await db.update(providerChangeRequests).set({ status: "WITHDRAWN" }).where(eq(providerChangeRequests.status, "PENDING"));
  const [row] = await db
    .insert(providerChangeRequests)
    .values({ providerId, field: "SLUG", currentValue: "old", requestedValue: `new-${randomUUID().slice(0, 6)}` })
    .returning({ id: providerChangeRequests.id });
  return row!.id;
}

const CORE_CASES: ActionCase[] = [
  {
    name: "apply.submit",
    file: "lib/actions/apply/submit-application.ts",
    auth: "public",
    prepare: async () => () =>
      submitApplication({
        fullName: "Matrix Applicant",
        email: `act-${randomUUID().slice(0, 8)}@example.com`,
        companyName: "Matrix Works",
        description: "Submitted by the authorization matrix.",
      }),
    expected: everyone("ok"),
  },
  {
    name: "verify.confirm",
    file: "lib/actions/verify/confirm-email.ts",
    auth: "public",
    prepare: async (db) => {
      const token = createVerificationToken();
      await db.insert(interestApplications).values({
        fullName: "Matrix",
        email: `v-${randomUUID().slice(0, 8)}@example.com`,
        description: "Verify me, matrix.",
        tokenHash: token.hash,
        tokenExpiresAt: token.expiresAt,
      });
      const form = new FormData();
      form.set("token", token.token);
      return () => confirmEmail(null, form);
    },
    expected: everyone("ok"),
  },
  {
    name: "studio.select-provider",
    file: "lib/actions/studio/select-provider.ts",
    auth: "user",
    prepare: async (_db, w) => () => call(selectProvider, { providerId: w.a.id }),
    expected: signedOut({ "other provider": "NOT_FOUND", MEMBER: "ok", ADMIN: "ok", OWNER: "ok", "platform admin": "NOT_FOUND" }),
  },
  {
    name: "api-keys.create",
    file: "lib/actions/studio/api-keys.ts",
    auth: "studio-write",
    prepare: async () => () => call(createApiKeyAction, { name: "matrix key", expiry: "30" }),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "api-keys.revoke (A's ADMIN key)",
    file: "lib/actions/studio/api-keys.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const creator = await makeMember(db, { provider: w.a, role: "ADMIN" });
      const key = await makeApiKey(db, { provider: w.a, role: "ADMIN", createdByMemberId: creator.member.id });
      return () => call(revokeApiKeyAction, { keyId: key.id });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "api-keys.revoke (A's OWNER key)",
    file: "lib/actions/studio/api-keys.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const key = await makeApiKey(db, { provider: w.a, role: "OWNER" });
      return () => call(revokeApiKeyAction, { keyId: key.id });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "FORBIDDEN", OWNER: "ok" }),
  },
  {
    name: "listing.update",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async () => () => call(updateListingAction, { headline: `Matrix ${randomUUID().slice(0, 6)}` }),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "exports.request",
    file: "lib/actions/studio/exports.ts",
    auth: "studio-write",
    // One export a day per provider: each cell starts with none, so it meets the role rule alone.
    prepare: async (db, w) => {
      await db.delete(providerExports).where(inArray(providerExports.providerId, [w.a.id, w.b.id]));
      return () => call(requestExportAction, { format: "csv" });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.unpublish",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async () => () => call(unpublishListingAction, {}),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.publish",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async () => () => call(publishListingAction, {}),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.confirm",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async () => () => call(confirmListingAction, {}),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    // The emailed link needs no sign-in: it can only confirm, and only the listing it was sent for.
    name: "listing.confirm-by-link",
    file: "lib/actions/listing/confirm-by-link.ts",
    auth: "public",
    prepare: async (db, w) => {
      const token = newConfirmToken(new Date());
      await db.insert(listingConfirmTokens).values({ tokenHash: token.hash, providerId: w.b.id, expiresAt: token.expiresAt });
      const form = new FormData();
      form.set("token", token.token);
      return () => confirmListingByLink(null, form);
    },
    expected: everyone("ok"),
  },
  {
    name: "listing.request-change",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async (db) => {
      await db.update(providerChangeRequests).set({ status: "WITHDRAWN" }).where(eq(providerChangeRequests.status, "PENDING"));
      return () => call(createChangeRequestAction, { field: "NAME", value: `Matrix Name ${randomUUID().slice(0, 6)}` });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.withdraw-change (A's request)",
    file: "lib/actions/studio/listing.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const requestId = await pendingChangeRequest(db, w.a.id);
      return () => call(withdrawChangeRequestAction, { requestId });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
];

const RESEND_CASES: ActionCase[] = [
  {
    name: "verify.resend",
    file: "lib/actions/verify/resend-verification.ts",
    auth: "public",
    // An application still awaiting verification, with its own address, so the per-email limit is never reached.
    prepare: async (db) => {
      const token = createVerificationToken();
      await db.insert(interestApplications).values({
        fullName: "Matrix",
        email: `r-${randomUUID().slice(0, 8)}@example.com`,
        description: "Waiting for a new verification link.",
        tokenHash: token.hash,
        tokenExpiresAt: token.expiresAt,
      });
      return () => call(resendVerificationAction, { token: token.token });
    },
    expected: everyone("ok"),
  },
];

const INQUIRY_CASES: ActionCase[] = [
  {
    name: "inquiries.submit",
    file: "lib/actions/inquiries/submit-inquiry.ts",
    auth: "public",
    // B stays published and accepting clients: the matrix publishes and unpublishes A.
    prepare: async (_db, w) => () =>
      call(submitInquiryAction, {
        slug: w.b.slug,
        name: "Matrix Sender",
        email: `inq-${randomUUID().slice(0, 8)}@example.com`,
        message: "Sent by the authorization matrix, politely.",
      }),
    expected: everyone("ok"),
  },
  {
    name: "inquiries.confirm",
    file: "lib/actions/inquiries/confirm-inquiry.ts",
    auth: "public",
    prepare: async (db, w) => {
      const token = createVerificationToken();
      await makeInquiry(db, { providerId: w.b.id, status: "AWAITING_VERIFICATION", tokenHash: token.hash, tokenExpiresAt: token.expiresAt });
      const form = new FormData();
      form.set("token", token.token);
      return () => confirmInquiry(null, form);
    },
    expected: everyone("ok"),
  },
  {
    name: "inquiries.renew-link",
    file: "lib/actions/inquiries/renew-inquiry-link.ts",
    auth: "public",
    // An unconfirmed inquiry whose link expired, from its own address, so the mailbox cap is never reached.
    prepare: async (db, w) => {
      const token = createVerificationToken();
      await makeInquiry(db, {
        providerId: w.b.id,
        status: "AWAITING_VERIFICATION",
        senderEmail: `renew-${randomUUID().slice(0, 8)}@example.com`,
        tokenHash: token.hash,
        tokenExpiresAt: new Date(Date.now() - 1000),
      });
      return () => call(renewInquiryLinkAction, { token: token.token });
    },
    expected: everyone("ok"),
  },
  {
    name: "inquiries.change-status (A's inquiry)",
    file: "lib/actions/inquiries/change-inquiry-status.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const inquiry = await makeInquiry(db, { providerId: w.a.id });
      return () => call(changeInquiryStatusAction, { inquiryId: inquiry.id, status: "REPLIED" });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
];

const REVIEW_INVITATION_CASES: ActionCase[] = [
  {
    name: "inquiries.engagement (A's inquiry)",
    file: "lib/actions/inquiries/mark-engagement.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const inquiry = await makeInquiry(db, { providerId: w.a.id });
      return () => call(markEngagementAction, { inquiryId: inquiry.id, engaged: "true" });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "reviews.decline",
    file: "lib/actions/reviews/decline-invitation.ts",
    auth: "public",
    prepare: async (db, w) => {
      const form = new FormData();
      form.set("token", (await makeInvitation(db, { providerId: w.b.id })).token);
      form.set("reason", "NOT_HIRED");
      return () => declineInvitation(null, form);
    },
    expected: everyone("ok"),
  },
  {
    name: "reviews.opt-out",
    file: "lib/actions/reviews/opt-out.ts",
    auth: "public",
    prepare: async (db, w) => {
      const form = new FormData();
      form.set("token", (await makeInvitation(db, { providerId: w.b.id })).token);
      return () => optOutOfReviews(null, form);
    },
    expected: everyone("ok"),
  },
];

async function openReport(db: Db, providerId: string): Promise<string> {
  const [row] = await db
    .insert(listingReports)
    .values({ providerId, category: "CONTACT_FAILS", reporterKey: randomUUID() })
    .returning({ id: listingReports.id });
  return row!.id;
}

const REPORT_CASES: ActionCase[] = [
  {
    name: "reports.submit",
    file: "lib/actions/reports/submit-report.ts",
    auth: "public",
    // B stays published: the matrix publishes and unpublishes A.
    prepare: async (_db, w) => () => call(submitReportAction, { slug: w.b.slug, category: "OUT_OF_BUSINESS" }),
    expected: everyone("ok"),
  },
  {
    name: "reports.resolve (A's report)",
    file: "lib/actions/reports/resolve-report.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const reportId = await openReport(db, w.a.id);
      return () => call(resolveReportAction, { reportId, action: "NOT_AN_ISSUE" });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "admin.reports.dismiss-cluster",
    file: "lib/actions/reports/dismiss-cluster.ts",
    auth: "admin",
    prepare: async (db) => {
      const providerId = (await makeProvider(db)).id;
      await openReport(db, providerId);
      return () => call(dismissClusterAction, { providerId });
    },
    expected: adminOnly(),
  },
];

const PRIVACY_CASES: ActionCase[] = [
  {
    name: "privacy.request",
    file: "lib/actions/privacy/submit-privacy-request.ts",
    auth: "public",
    prepare: async () => () => call(submitPrivacyRequestAction, { email: `privacy-${randomUUID().slice(0, 8)}@example.com`, kind: "ACCESS" }),
    expected: everyone("ok"),
  },
  {
    name: "privacy.confirm",
    file: "lib/actions/privacy/confirm-privacy-request.ts",
    auth: "public",
    prepare: async (db) => {
      const form = new FormData();
      form.set("token", await requestPrivacyToken(db, { email: `privacy-${randomUUID().slice(0, 8)}@example.com`, kind: "ERASE" }));
      return () => confirmPrivacyFromForm(null, form);
    },
    expected: everyone("ok"),
  },
];

const REVIEW_FORM = {
  workedTogether: "true",
  projectStatus: "COMPLETED",
  overall: "4",
  wouldRecommend: "true",
  title: "A review from the matrix",
  body: "A review written by the authorization matrix, long enough to be accepted.",
  display: "NAME_ONLY",
  reviewerName: "Matrix Reviewer",
  incentiveChoice: "NONE",
};

/** A pending review of B whose edit link works: its id and the link's token. */
async function editableReview(db: Db, providerId: string) {
  const token = createVerificationToken();
  const review = await makeReview(db, {
    providerId,
    senderEmail: `rv-${randomUUID().slice(0, 8)}@client.example`,
    status: "PENDING",
    editTokenHash: token.hash,
    editTokenExpiresAt: new Date(Date.now() + 86_400_000),
  });
  return { reviewId: review.id, token: token.token };
}

const REVIEW_WRITING_CASES: ActionCase[] = [
  {
    name: "reviews.submit",
    file: "lib/actions/reviews/write-review.ts",
    auth: "public",
    prepare: async (db, w) => {
      const { token } = await makeInvitation(db, { providerId: w.b.id, senderEmail: `rv-${randomUUID().slice(0, 8)}@client.example` });
      return () => call(submitReviewAction, { ...REVIEW_FORM, token });
    },
    expected: everyone("ok"),
  },
  {
    name: "reviews.edit",
    file: "lib/actions/reviews/edit-review.ts",
    auth: "public",
    prepare: async (db, w) => {
      const target = await editableReview(db, w.b.id);
      return () => call(editReviewAction, { ...REVIEW_FORM, ...target, overall: "5" });
    },
    expected: everyone("ok"),
  },
  {
    name: "reviews.withdraw",
    file: "lib/actions/reviews/edit-review.ts",
    auth: "public",
    prepare: async (db, w) => {
      const target = await editableReview(db, w.b.id);
      return () => call(withdrawReviewAction, target);
    },
    expected: everyone("ok"),
  },
];

const REVIEW_READING_CASES: ActionCase[] = [
  {
    name: "reviews.report",
    file: "lib/actions/reviews/report-review.ts",
    auth: "public",
    // A fresh published review of B (B stays published) for each principal.
    prepare: async (db, w) => {
      const { id } = await makeReview(db, { providerId: w.b.id });
      return () => call(reportReviewAction, { reviewId: id, reason: "OTHER", note: "A report from the matrix." });
    },
    expected: everyone("ok"),
  },
];

export const ACTION_CASES: ActionCase[] = [
  ...CORE_CASES,
  ...TEAM_CASES,
  ...ADMIN_CASES,
  ...RESEND_CASES,
  ...INQUIRY_CASES,
  ...REPORT_CASES,
  ...REVIEW_INVITATION_CASES,
  ...PRIVACY_CASES,
  ...REVIEW_CASES,
  ...REVIEW_WRITING_CASES,
  ...REVIEW_READING_CASES,
  ...WEBHOOK_CASES,
];
