import { z } from "@/lib/validation/zod";
import { REVIEW_STATUSES } from "@/db/enums";
import { reviewFieldsShape, reviewFormValues } from "./review-schemas";

// The reviewer's side of writing, editing and withdrawing a review (extensions §4): the query of the
// token routes, the answers, and the edit page's two forms. The review's own fields are
// reviewSubmissionSchema / reviewEditSchema, and reviewFormValues for form strings (review-schemas.ts).

/** Query of POST /public/studio/reviews and of PATCH/DELETE /public/studio/reviews/:id. Shape checked in the domain. */
export const reviewTokenQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The token from the emailed link (the invitation's, or the review's edit link)" }),
});

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });

/** 201 of POST /public/studio/reviews. */
export const reviewSubmittedSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    status: z.literal("PENDING"),
    publishAfter: isoTimestamp.meta({ description: "When the cool-off ends and the review publishes, unless held for an admin" }),
  })
  .meta({ id: "ReviewSubmitted" });
export type ReviewSubmitted = z.output<typeof reviewSubmittedSchema>;

/** 200 of PATCH /public/studio/reviews/:id: where the review stands after the edit. */
export const reviewEditResultSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    status: z.enum(REVIEW_STATUSES),
    publishAfter: isoTimestamp.meta({ description: "A PENDING review's new end of cool-off (an edit restarts it)" }),
    pendingEdit: z.boolean().meta({
      description: "True when the review is PUBLISHED and this edit waits for its own cool-off; the published text stays visible until then",
    }),
    pendingEditPublishAfter: isoTimestamp.nullable().meta({ description: "When a pending edit of a published review is applied" }),
    editLinkExpiresAt: isoTimestamp.meta({ description: "The edit link stops working then (410 TOKEN_EXPIRED)" }),
  })
  .meta({ id: "ReviewEditResult" });
export type ReviewEditResult = z.output<typeof reviewEditResultSchema>;

/** The form's answer to "Did you receive anything for this review?": NONE attests nothing was, and no rating was asked for. */
export const INCENTIVE_CHOICES = ["NONE", "RECEIVED"] as const;

/**
 * What the review form posts, as the API's types: reviewFormValues, plus the incentive radio. NONE
 * sends `incentive: null`; RECEIVED keeps the typed description as it is (blank stays blank, so its
 * length rule speaks), which reviewFormValues alone would turn into null.
 */
function reviewFormInput(v: unknown): unknown {
  if (!v || typeof v !== "object") return v;
  const raw = v as Record<string, unknown>;
  const out = reviewFormValues(raw);
  if (raw.incentiveChoice === "NONE") out.incentive = null;
  else if (raw.incentiveChoice === "RECEIVED") out.incentive = typeof raw.incentive === "string" ? raw.incentive : "";
  return out;
}

const formFields = {
  ...reviewFieldsShape,
  incentiveChoice: z.enum(INCENTIVE_CHOICES, { error: "Say whether you received anything for this review" }),
  token: z.string({ error: "The link is incomplete" }).max(200),
};

/** The review form at /reviews/write and its action: the review fields, the incentive radio and the invitation's token. */
export const reviewWriteFormSchema = z.preprocess(reviewFormInput, z.strictObject(formFields));

/** The edit page's Save: the same, prefilled, with the edit token and the review's id. */
export const reviewEditFormSchema = z.preprocess(
  reviewFormInput,
  z.strictObject({ ...formFields, reviewId: z.string({ error: "The link is incomplete" }).max(100) }),
);

/** The edit page's Withdraw, after its confirm step. */
export const reviewWithdrawFormSchema = z.strictObject({
  token: z.string({ error: "The link is incomplete" }).max(200),
  reviewId: z.string({ error: "The link is incomplete" }).max(100),
});
