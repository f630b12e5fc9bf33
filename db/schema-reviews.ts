import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  INQUIRY_BUDGETS,
  PRIVACY_REQUEST_KINDS,
  PROVIDER_NOTICE_KINDS,
  REVIEW_DECLINE_REASONS,
  REVIEW_DISPLAYS,
  REVIEW_DISPUTE_REASONS,
  REVIEW_DISPUTE_STATUSES,
  REVIEW_INVITATION_SKIPS,
  REVIEW_INVITATION_TRIGGERS,
  REVIEW_PROJECT_STATUSES,
  REVIEW_REJECT_REASONS,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_STATUSES,
  REVIEW_STATUSES,
  REVIEW_VERIFICATIONS,
  SPECIALTIES,
} from "./enums";
import { inquiries, providerMembers, providers } from "./schema";

// Reviews bound to a real engagement (extensions §4) and visitors' privacy requests (§9). Kept apart
// from schema.ts; drizzle.config.ts reads every schema file.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const rating = (name: string) => smallint(name);
const ratingCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 5`);

// One per delivered inquiry, written by the invitation sweep when it decides: either it sends the
// invitation (token_hash set, sent_at set) or it records why not (skipped_reason). The unique
// inquiry_id is what makes two concurrent sweeps send one email.
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .unique()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    trigger: text("trigger", { enum: REVIEW_INVITATION_TRIGGERS }).notNull(),
    // SHA-256 of the emailed token; null when the sweep skipped the inquiry.
    tokenHash: text("token_hash").unique(),
    sendAt: timestamptz("send_at").notNull(),
    sentAt: timestamptz("sent_at"),
    remindedAt: timestamptz("reminded_at"),
    expiresAt: timestamptz("expires_at"),
    usedAt: timestamptz("used_at"),
    declinedAt: timestamptz("declined_at"),
    declineReason: text("decline_reason", { enum: REVIEW_DECLINE_REASONS }),
    skippedReason: text("skipped_reason", { enum: REVIEW_INVITATION_SKIPS }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("review_invitations_provider_idx").on(t.providerId),
    // The reminder sweep: sent, unused, undeclined, not yet reminded.
    index("review_invitations_reminder_idx")
      .on(t.sentAt)
      .where(sql`sent_at is not null and used_at is null and declined_at is null and reminded_at is null`),
    check("review_invitations_sent_or_skipped", sql`(${t.tokenHash} is null) = (${t.skippedReason} is not null)`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    // No review without an invitation, one per invitation and per inquiry.
    invitationId: uuid("invitation_id")
      .notNull()
      .unique()
      .references(() => reviewInvitations.id, { onDelete: "cascade" }),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .unique()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("PENDING"),
    projectStatus: text("project_status", { enum: REVIEW_PROJECT_STATUSES }).notNull(),
    overall: rating("overall").notNull(),
    quality: rating("quality"),
    schedule: rating("schedule"),
    communication: rating("communication"),
    value: rating("value"),
    wouldRecommend: boolean("would_recommend").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    projectSpecialty: text("project_specialty", { enum: SPECIALTIES }),
    projectBudget: text("project_budget", { enum: INQUIRY_BUDGETS }),
    display: text("display", { enum: REVIEW_DISPLAYS }).notNull(),
    reviewerName: text("reviewer_name").notNull(),
    reviewerRole: text("reviewer_role"),
    reviewerCompany: text("reviewer_company"),
    incentive: text("incentive"),
    verification: text("verification", { enum: REVIEW_VERIFICATIONS }).notNull(),
    publishAfter: timestamptz("publish_after").notNull(),
    publishedAt: timestamptz("published_at"),
    editedAt: timestamptz("edited_at"),
    // An edit of a published review waits out its own cool-off here while the published text stays
    // visible; the publishing sweep applies it (and sets edited_at).
    pendingEdit: jsonb("pending_edit").$type<Record<string, unknown>>(),
    pendingEditPublishAfter: timestamptz("pending_edit_publish_after"),
    editTokenHash: text("edit_token_hash").unique(),
    editTokenExpiresAt: timestamptz("edit_token_expires_at"),
    flags: text("flags").array().notNull().default(sql`'{}'::text[]`),
    decidedBy: text("decided_by"),
    decidedAt: timestamptz("decided_at"),
    decisionReason: text("decision_reason", { enum: REVIEW_REJECT_REASONS }),
    decisionNote: text("decision_note"),
    erasedAt: timestamptz("erased_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    ratingCheck("reviews_overall_check", t.overall),
    ratingCheck("reviews_quality_check", t.quality),
    ratingCheck("reviews_schedule_check", t.schedule),
    ratingCheck("reviews_communication_check", t.communication),
    ratingCheck("reviews_value_check", t.value),
    check("reviews_published_check", sql`(${t.status} = 'PUBLISHED') <= (${t.publishedAt} is not null)`),
    // The public list: one provider's published reviews, newest first.
    index("reviews_provider_published_idx")
      .on(t.providerId, t.publishedAt.desc())
      .where(sql`status = 'PUBLISHED'`),
    // The publishing sweep: pending reviews (and pending edits) whose cool-off ended.
    index("reviews_pending_idx").on(t.publishAfter).where(sql`status = 'PENDING'`),
    index("reviews_pending_edit_idx").on(t.pendingEditPublishAfter).where(sql`pending_edit is not null`),
  ],
);

// One reply per review, by the provider's OWNER or ADMIN; editable for an hour after created_at.
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  memberId: uuid("member_id").references(() => providerMembers.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

// A visitor's report of a published review. Reports never hide a review; an admin reads them.
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REVIEW_REPORT_REASONS }).notNull(),
    note: text("note").notNull(),
    reporterEmail: text("reporter_email"),
    // "<sha256 of the client IP>": one report per IP per review.
    reporterKey: text("reporter_key").notNull(),
    status: text("status", { enum: REVIEW_REPORT_STATUSES }).notNull().default("OPEN"),
    closedAt: timestamptz("closed_at"),
    closedBy: text("closed_by"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_reports_reporter_unique").on(t.reviewId, t.reporterKey),
    index("review_reports_open_idx").on(t.createdAt).where(sql`status = 'OPEN'`),
  ],
);

// A provider's dispute of a published review. The review stays published, labelled, throughout.
export const reviewDisputes = pgTable(
  "review_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    openedByMemberId: uuid("opened_by_member_id").references(() => providerMembers.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REVIEW_DISPUTE_REASONS }).notNull(),
    note: text("note").notNull(),
    status: text("status", { enum: REVIEW_DISPUTE_STATUSES }).notNull().default("OPEN"),
    dueAt: timestamptz("due_at").notNull(),
    // The reviewer's side, through the emailed link.
    answerTokenHash: text("answer_token_hash").unique(),
    reviewerAnswer: text("reviewer_answer"),
    reviewerAnsweredAt: timestamptz("reviewer_answered_at"),
    decidedBy: text("decided_by"),
    decidedAt: timestamptz("decided_at"),
    decisionNote: text("decision_note"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_disputes_open_unique").on(t.reviewId).where(sql`status = 'OPEN'`),
    index("review_disputes_provider_idx").on(t.providerId, t.createdAt),
    index("review_disputes_due_idx").on(t.dueAt).where(sql`status = 'OPEN'`),
  ],
);

// An admin's public notice on a profile (a review-manipulation alert), shown until ends_at.
export const providerNotices = pgTable(
  "provider_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PROVIDER_NOTICE_KINDS }).notNull(),
    body: text("body").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    endsAt: timestamptz("ends_at").notNull(),
    createdBy: text("created_by"),
    removedAt: timestamptz("removed_at"),
    removedBy: text("removed_by"),
  },
  (t) => [index("provider_notices_provider_idx").on(t.providerId, t.endsAt)],
);

// Mailboxes that asked for no more review emails: SHA-256 of the mailbox key, never the address.
export const reviewEmailOptouts = pgTable("review_email_optouts", {
  mailboxHash: text("mailbox_hash").primaryKey(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

// Published-review figures per provider, maintained in every transaction that publishes, edits,
// removes or withdraws a review, and nightly as the 24-month window moves. A change bumps the
// listing version (trigger provider_review_stats_changed), as provider_responsiveness does.
export const providerReviewStats = pgTable(
  "provider_review_stats",
  {
    providerId: uuid("provider_id")
      .primaryKey()
      .references(() => providers.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
    sumOverall: integer("sum_overall").notNull().default(0),
    // Published reviews with overall 1..5, in that order.
    distribution: integer("distribution").array().notNull().default(sql`'{0,0,0,0,0}'::int[]`),
    recommendCount: integer("recommend_count").notNull().default(0),
    qualityCount: integer("quality_count").notNull().default(0),
    qualitySum: integer("quality_sum").notNull().default(0),
    scheduleCount: integer("schedule_count").notNull().default(0),
    scheduleSum: integer("schedule_sum").notNull().default(0),
    communicationCount: integer("communication_count").notNull().default(0),
    communicationSum: integer("communication_sum").notNull().default(0),
    valueCount: integer("value_count").notNull().default(0),
    valueSum: integer("value_sum").notNull().default(0),
    // Published in the last REVIEW_WINDOW_MONTHS: what the ranking reads.
    count24m: integer("count_24m").notNull().default(0),
    sum24m: integer("sum_24m").notNull().default(0),
    bayesian24m: numeric("bayesian_24m", { precision: 5, scale: 4, mode: "number" }).notNull(),
    computedAt: timestamptz("computed_at").notNull().defaultNow(),
  },
  (t) => [check("provider_review_stats_distribution_check", sql`cardinality(${t.distribution}) = 5`)],
);

// A visitor's access or erasure request. Only hashes of the mailbox key and tokens are kept, so
// an erased address is not found here either; the access file waits in access_payload until
// downloaded or expired.
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    mailboxHash: text("mailbox_hash").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    confirmedAt: timestamptz("confirmed_at"),
    completedAt: timestamptz("completed_at"),
    downloadTokenHash: text("download_token_hash").unique(),
    downloadExpiresAt: timestamptz("download_expires_at"),
    downloadedAt: timestamptz("downloaded_at"),
    accessPayload: jsonb("access_payload"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("privacy_requests_mailbox_idx").on(t.mailboxHash, t.createdAt)],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewInvitationRow = typeof reviewInvitations.$inferSelect;
export type ReviewDisputeRow = typeof reviewDisputes.$inferSelect;
export type ProviderReviewStatsRow = typeof providerReviewStats.$inferSelect;
