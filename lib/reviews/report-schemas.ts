import { z } from "@/lib/validation/zod";
import { REVIEW_REPORT_REASONS, type ReviewReportReason } from "@/db/enums";
import { emailSchema } from "@/lib/validation/primitives";
import { isMultiLineText, MULTI_LINE_MESSAGE } from "@/lib/validation/text";
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_NOTE_MIN } from "./review-rules";

// A visitor's report of a published review (extensions §4): one schema for the API body, the report
// page's form (its resolver) and its action, and the OpenAPI document.

const NOTE_LENGTH = `Describe the problem in ${REVIEW_REPORT_NOTE_MIN} to ${REVIEW_REPORT_NOTE_MAX} characters`;

/** An empty form field (or null) is "not given". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  FAKE: "It looks fake: no real engagement",
  CONFLICT: "Conflict of interest (written by a competitor, an employee or a friend)",
  ABUSIVE: "Abusive or hateful",
  PERSONAL_DATA: "It reveals someone's personal data",
  OTHER: "Something else",
};

const reportShape = {
  reason: z.enum(REVIEW_REPORT_REASONS, { error: "Choose what is wrong with the review" }),
  note: z
    .string({ error: NOTE_LENGTH })
    .trim()
    .min(REVIEW_REPORT_NOTE_MIN, { error: NOTE_LENGTH })
    .max(REVIEW_REPORT_NOTE_MAX, { error: NOTE_LENGTH })
    .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The description") })
    .meta({ description: `What is wrong, ${REVIEW_REPORT_NOTE_MIN}–${REVIEW_REPORT_NOTE_MAX} characters; only the registry's admins read it` }),
  email: z
    .preprocess(blankToUndefined, emailSchema.optional())
    .meta({ description: "Where the registry may write back about the report; never shown to the provider or the reviewer" }),
  turnstileToken: z.string().max(4096).nullish().transform((v) => v ?? undefined),
};

/** Body of POST /public/studio/reviews/:id/reports. */
export const reviewReportSubmissionSchema = z.object(reportShape).meta({ id: "ReviewReportSubmission" });
export type ReviewReportSubmission = z.output<typeof reviewReportSubmissionSchema>;

/** The report page's form and its action: the API body plus the review's id (the API has it in the path). */
export const reviewReportFormSchema = z.object({
  ...reportShape,
  reviewId: z.guid({ error: "Unknown review" }),
});

export const reviewReportAcceptedSchema = z.object({ success: z.literal(true) }).meta({ id: "ReviewReportAccepted" });
