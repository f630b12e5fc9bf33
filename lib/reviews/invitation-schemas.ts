import { INQUIRY_BUDGETS, REVIEW_DECLINE_REASONS } from "@/db/enums";
import { z } from "@/lib/validation/zod";

// The invitation side's inputs and answers (extensions §4), shared by the routes, the pages' actions
// and the API document.

/** Query of GET /public/studio/reviews/invitation and POST …/decline. Shape is checked in the domain (400 TOKEN_INVALID). */
export const reviewTokenQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The token from the review invitation email" }),
});

const declineReason = z
  .enum(REVIEW_DECLINE_REASONS, { error: `reason must be one of: ${REVIEW_DECLINE_REASONS.join(", ")}` })
  .meta({ description: "NOT_HIRED: we did not work together; NO_THANKS: we did, but I would rather not write a review" });

/** Body of POST /public/studio/reviews/decline. */
export const reviewDeclineSchema = z.strictObject({ reason: declineReason }).meta({ id: "ReviewDecline" });

/** The decline page's form: the token (a hidden field) and the reason (a radio group). */
export const reviewDeclineFormSchema = reviewTokenQuerySchema.extend({ reason: declineReason });

export const reviewDeclineResultSchema = z
  .object({ success: z.literal(true), status: z.literal("DECLINED") })
  .meta({ id: "ReviewDeclineResult" });

export const reviewInvitationViewSchema = z
  .object({
    providerSlug: z.string(),
    providerName: z.string(),
    deliveredAt: z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" }),
    engagementConfirmedByProvider: z.boolean().meta({ description: "The provider marked that you worked together" }),
    prefill: z.object({
      reviewerName: z.string().nullable(),
      reviewerCompany: z.string().nullable(),
      projectBudget: z.enum(INQUIRY_BUDGETS).nullable(),
    }),
  })
  .meta({ id: "ReviewInvitation" });
export type ReviewInvitationView = z.output<typeof reviewInvitationViewSchema>;
