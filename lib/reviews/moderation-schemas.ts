import { z } from "@/lib/validation/zod";
import {
  PROVIDER_NOTICE_KINDS,
  REVIEW_DISPUTE_REASONS,
  REVIEW_DISPUTE_STATUSES,
  REVIEW_REJECT_REASONS,
  REVIEW_STATUSES,
} from "@/db/enums";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, pageQueryShape } from "@/lib/validation/page-query";
import { isMultiLineText, MULTI_LINE_MESSAGE } from "@/lib/validation/text";
import {
  PROVIDER_NOTICE_BODY_MAX,
  PROVIDER_NOTICE_MAX_DAYS,
  REVIEW_DISPUTE_ANSWER_MAX,
  REVIEW_DISPUTE_NOTE_MAX,
  REVIEW_DISPUTE_NOTE_MIN,
  REVIEW_REPLY_MAX,
} from "./review-rules";
import { publicReviewSchema } from "./review-schemas";

// The inputs and outputs of review moderation (extensions §4 "Provider endpoints" and "Moderation"):
// one schema per input, shared by the API route, the form, its server action and the OpenAPI document.

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });
const MODERATION_NOTE_MAX = 1000;

/** A trimmed multi-line text of min..max characters, with one message for both bounds. */
function textBetween(label: string, min: number, max: number) {
  const length = `${label} must be ${min} to ${max} characters`;
  return z
    .string({ error: length })
    .trim()
    .min(min, { error: length })
    .max(max, { error: length })
    .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE(label) });
}

const blankToUndefined = (v: unknown) => (v === "" || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const optionalNote = z
  .preprocess(blankToUndefined, textBetween("The note", 1, MODERATION_NOTE_MAX).optional())
  .meta({ description: `Up to ${MODERATION_NOTE_MAX} characters` });
const reviewIdField = z.guid({ error: "Unknown review" });

// ---- Provider side ----

/** Query of GET /provider/studio/reviews and the studio's tabs. */
export const providerReviewListQuerySchema = z.object({
  status: z
    .enum(["PUBLISHED", "REMOVED"], { error: "status must be one of: PUBLISHED, REMOVED" })
    .optional()
    .transform((v) => v ?? "PUBLISHED")
    .meta({ description: "Reviews with this status (default PUBLISHED). Pending reviews are only counted (pendingCount)." }),
  ...pageQueryShape({ maxPage: MAX_PAGE, maxPageSize: MAX_PAGE_SIZE, defaultPageSize: DEFAULT_PAGE_SIZE }),
});

export const reviewDisputeViewSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    reason: z.enum(REVIEW_DISPUTE_REASONS),
    status: z.enum(REVIEW_DISPUTE_STATUSES),
    createdAt: isoTimestamp,
    dueAt: isoTimestamp.meta({ description: "An admin decides by then; with no decision the label is removed and the review stays" }),
    reviewerAnswered: z.boolean().meta({ description: "Whether the reviewer answered (the answer itself is for the admins)" }),
    decidedAt: isoTimestamp.nullable(),
    decisionNote: z.string().nullable(),
  })
  .meta({ id: "ReviewDispute" });
export type ReviewDisputeView = z.output<typeof reviewDisputeViewSchema>;

/** A review as its provider sees it: the public shape, its status, the removal reason, the reply's edit window and the latest dispute. Never the reviewer's address. */
export const providerReviewSchema = publicReviewSchema
  .extend({
    status: z.enum(REVIEW_STATUSES),
    removal: z
      .object({ reason: z.enum(REVIEW_REJECT_REASONS).nullable(), note: z.string().nullable(), removedAt: isoTimestamp.nullable() })
      .nullable()
      .meta({ description: "Why the registry removed the review (status REMOVED); null otherwise" }),
    replyEditableUntil: isoTimestamp.nullable().meta({ description: "Until when the reply may still be edited; null without a reply" }),
    dispute: reviewDisputeViewSchema.nullable().meta({ description: "The latest dispute of this review, open or decided" }),
  })
  .meta({ id: "ProviderReview" });
export type ProviderReview = z.output<typeof providerReviewSchema>;

export const providerReviewListSchema = z
  .object({
    data: z.array(providerReviewSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pendingCount: z.number().int().meta({ description: "Reviews waiting out the cool-off or held for an admin: counted, never shown" }),
  })
  .meta({ id: "ProviderReviewList" });
export type ProviderReviewList = z.output<typeof providerReviewListSchema>;

/** Body of POST and PATCH /provider/studio/reviews/:id/reply. */
export const reviewReplySchema = z
  .strictObject({ body: textBetween("The reply", 1, REVIEW_REPLY_MAX).meta({ description: `1–${REVIEW_REPLY_MAX} characters` }) })
  .meta({ id: "ReviewReplyBody" });

/** The studio's reply form and its action: which review, and the same body. */
export const reviewReplyActionSchema = reviewReplySchema.extend({ reviewId: reviewIdField });

export const reviewReplyViewSchema = z
  .object({
    reviewId: z.string().meta({ format: "uuid" }),
    body: z.string(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
    editableUntil: isoTimestamp,
  })
  .meta({ id: "ReviewReply" });
export type ReviewReplyView = z.output<typeof reviewReplyViewSchema>;

/** Body of POST /provider/studio/reviews/:id/dispute. */
export const reviewDisputeSchema = z
  .strictObject({
    reason: z.enum(REVIEW_DISPUTE_REASONS, { error: `reason must be one of: ${REVIEW_DISPUTE_REASONS.join(", ")}` }),
    note: textBetween("The note", REVIEW_DISPUTE_NOTE_MIN, REVIEW_DISPUTE_NOTE_MAX).meta({
      description: `${REVIEW_DISPUTE_NOTE_MIN}–${REVIEW_DISPUTE_NOTE_MAX} characters, for the registry's admins`,
    }),
  })
  .meta({ id: "ReviewDisputeRequest" });

export const reviewDisputeActionSchema = reviewDisputeSchema.extend({ reviewId: reviewIdField });

export const reviewDisputeOpenedSchema = z
  .object({ id: z.string().meta({ format: "uuid" }), dueAt: isoTimestamp })
  .meta({ id: "ReviewDisputeOpened" });
export type ReviewDisputeOpened = z.output<typeof reviewDisputeOpenedSchema>;

/** The reviewer's answer to a dispute, posted from the emailed page. */
export const disputeAnswerFormSchema = z.object({
  token: z.string({ error: "The link is incomplete" }).max(200, { error: "The link is incomplete" }),
  answer: textBetween("Your answer", 1, REVIEW_DISPUTE_ANSWER_MAX),
});

// ---- Admin side ----

function requireNoteForOther(value: { reason: string; note?: string }, ctx: z.RefinementCtx) {
  if (value.reason === "OTHER" && !value.note) ctx.addIssue({ code: "custom", path: ["note"], message: "Explain the reason in a note" });
}

export const publishHeldReviewSchema = z.object({ reviewId: reviewIdField });

/** Reject a held review or remove a published one: a reason, and a note (required for OTHER). */
export const reviewDecisionSchema = z
  .object({
    reviewId: reviewIdField,
    reason: z.enum(REVIEW_REJECT_REASONS, { error: "Choose a reason" }),
    note: optionalNote,
  })
  .superRefine(requireNoteForOther);

export const DISPUTE_DECISIONS = ["UPHOLD", "REJECT"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const decideDisputeSchema = z.object({
  disputeId: z.guid({ error: "Unknown dispute" }),
  decision: z.enum(DISPUTE_DECISIONS, { error: "Choose uphold or reject" }),
  note: optionalNote,
});

export const closeReviewReportSchema = z.object({ reportId: z.guid({ error: "Unknown report" }) });

export const addProviderNoticeSchema = z.object({
  providerSlug: z.string({ error: "Name the provider by its slug" }).trim().min(1, { error: "Name the provider by its slug" }).max(200),
  kind: z.enum(PROVIDER_NOTICE_KINDS, { error: "Choose the kind of notice" }).optional().transform((v) => v ?? "REVIEW_MANIPULATION"),
  body: textBetween("The notice", 10, PROVIDER_NOTICE_BODY_MAX),
  endsAt: z.coerce
    .date({ error: "Give the date the notice ends" })
    .refine((d) => d.getTime() > Date.now(), { error: "The end date must be in the future" })
    .refine((d) => d.getTime() <= Date.now() + PROVIDER_NOTICE_MAX_DAYS * 86_400_000, {
      error: `A notice lasts at most ${PROVIDER_NOTICE_MAX_DAYS} days`,
    }),
});

export const removeProviderNoticeSchema = z.object({ noticeId: z.guid({ error: "Unknown notice" }) });
