import { z } from "@/lib/validation/zod";
import {
  INQUIRY_BUDGETS,
  REVIEW_DISPLAYS,
  REVIEW_PROJECT_STATUSES,
  REVIEW_VERIFICATIONS,
  SPECIALTIES,
} from "@/db/enums";
import { EXPLICIT_LINK, isMultiLineText, MULTI_LINE_MESSAGE, nameSchema, optionalNameSchema } from "@/lib/validation/text";
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MAX_URLS,
  REVIEW_BODY_MIN,
  REVIEW_INCENTIVE_MAX,
  REVIEW_INCENTIVE_MIN,
  REVIEW_TITLE_MAX,
  REVIEWER_COMPANY_MAX,
  REVIEWER_NAME_MAX,
  REVIEWER_ROLE_MAX,
} from "./review-rules";

// The review a client writes (extensions §4): one schema for the API body, the review form (through
// reviewWriteFormSchema, whose reviewFormValues only turns form strings into these types) and the OpenAPI document.

const EXPLICIT_LINKS = new RegExp(EXPLICIT_LINK.source, "giu");

/** Web addresses written out in a text ("https://…", "www.…"): a review body may hold at most two. */
export function countWebAddresses(text: string): number {
  return text.match(EXPLICIT_LINKS)?.length ?? 0;
}

const ratingSchema = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int({ error: `${label} must be a whole number from 1 to 5` })
    .min(1, { error: `${label} must be a whole number from 1 to 5` })
    .max(5, { error: `${label} must be a whole number from 1 to 5` });

const optionalRating = (label: string) => ratingSchema(label).nullish().transform((v) => v ?? null);

const BODY_LENGTH = `Write the review in ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters`;
const INCENTIVE_LENGTH = `Describe what you received in ${REVIEW_INCENTIVE_MIN} to ${REVIEW_INCENTIVE_MAX} characters`;

export const reviewFieldsShape = {
  workedTogether: z
    .literal(true, { error: "Confirm that you worked with this provider" })
    .meta({ description: "The reviewer's attestation that the engagement happened; must be true" }),
  projectStatus: z.enum(REVIEW_PROJECT_STATUSES, { error: `Choose the project's status` }),
  overall: ratingSchema("The overall rating"),
  quality: optionalRating("Quality"),
  schedule: optionalRating("Schedule"),
  communication: optionalRating("Communication"),
  value: optionalRating("Value"),
  wouldRecommend: z.boolean({ error: "Say whether you would recommend them" }),
  title: nameSchema({ label: "Title", max: REVIEW_TITLE_MAX, required: "Give the review a title" }).meta({
    description: `One line, 1–${REVIEW_TITLE_MAX} characters`,
  }),
  body: z
    .string({ error: BODY_LENGTH })
    .trim()
    .min(REVIEW_BODY_MIN, { error: BODY_LENGTH })
    .max(REVIEW_BODY_MAX, { error: BODY_LENGTH })
    .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The review") })
    .refine((v) => countWebAddresses(v) <= REVIEW_BODY_MAX_URLS, {
      error: `The review may name at most ${REVIEW_BODY_MAX_URLS} web addresses (they are shown as text, never as links)`,
    })
    .meta({ description: `${REVIEW_BODY_MIN}–${REVIEW_BODY_MAX} characters, at most ${REVIEW_BODY_MAX_URLS} web addresses (shown defanged, never as links)` }),
  projectSpecialty: z
    .enum(SPECIALTIES, { error: `projectSpecialty must be one of: ${SPECIALTIES.join(", ")}` })
    .nullish()
    .transform((v) => v ?? null),
  projectBudget: z
    .enum(INQUIRY_BUDGETS, { error: `projectBudget must be one of: ${INQUIRY_BUDGETS.join(", ")}` })
    .nullish()
    .meta({ description: "The project's budget band; absent: the inquiry's budget" }),
  display: z.enum(REVIEW_DISPLAYS, { error: "Choose how your name is shown" }),
  reviewerName: nameSchema({ label: "Your name", max: REVIEWER_NAME_MAX, required: "Enter your name" }),
  reviewerRole: optionalNameSchema({ label: "Your role", max: REVIEWER_ROLE_MAX }).transform((v) => v ?? null),
  reviewerCompany: optionalNameSchema({ label: "Your company", max: REVIEWER_COMPANY_MAX }).transform((v) => v ?? null),
  incentive: z
    .string({ error: INCENTIVE_LENGTH })
    .trim()
    .min(REVIEW_INCENTIVE_MIN, { error: INCENTIVE_LENGTH })
    .max(REVIEW_INCENTIVE_MAX, { error: INCENTIVE_LENGTH })
    .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The description") })
    .nullish()
    .transform((v) => v ?? null)
    .meta({
      description:
        "null: the reviewer attests nothing was received and no rating was asked for; else what was received, shown above the review",
    }),
};

/** Body of POST /public/studio/reviews?token=… */
export const reviewSubmissionSchema = z.strictObject(reviewFieldsShape).meta({ id: "ReviewSubmission" });
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;

/** Body of PATCH /public/studio/reviews/:id?token=…: the same fields, all optional. */
export const reviewEditSchema = z
  .strictObject(reviewFieldsShape)
  .partial()
  .meta({ id: "ReviewEdit" });
export type ReviewEdit = z.output<typeof reviewEditSchema>;

const RATING_FIELDS = ["overall", "quality", "schedule", "communication", "value"] as const;
const BOOLEAN_FIELDS = ["workedTogether", "wouldRecommend"] as const;
const NULLABLE_CHOICES = ["projectSpecialty", "projectBudget", "reviewerRole", "reviewerCompany", "incentive"] as const;

/**
 * What an HTML form posts (every value a string, a box unticked is absent) as the API's types, so the
 * form, its action and the API share reviewSubmissionSchema. Only converts; never decides validity.
 */
export function reviewFormValues(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  for (const key of RATING_FIELDS) {
    const v = out[key];
    if (v === "" || v === undefined) out[key] = key === "overall" ? undefined : null;
    else if (typeof v === "string" && /^\d+$/.test(v)) out[key] = Number(v);
  }
  for (const key of BOOLEAN_FIELDS) {
    const v = out[key];
    if (v === "true" || v === "on" || v === "yes") out[key] = true;
    else if (v === "false" || v === "no") out[key] = false;
  }
  for (const key of NULLABLE_CHOICES) if (out[key] === "") out[key] = null;
  return out;
}

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });
const nullableRating = z.number().int().min(1).max(5).nullable();

/** A published review as anyone may read it: never an email address, never the inquiry's text. */
export const publicReviewSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    title: z.string(),
    body: z.string(),
    overall: z.number().int().min(1).max(5),
    quality: nullableRating,
    schedule: nullableRating,
    communication: nullableRating,
    value: nullableRating,
    wouldRecommend: z.boolean(),
    projectStatus: z.enum(REVIEW_PROJECT_STATUSES),
    projectSpecialty: z.enum(SPECIALTIES).nullable(),
    projectBudget: z.enum(INQUIRY_BUDGETS).nullable(),
    reviewer: z.object({
      display: z.enum(REVIEW_DISPLAYS),
      name: z.string().meta({ description: "The full name, or initials when display is INITIALS" }),
      role: z.string().nullable(),
      company: z.string().nullable().meta({ description: "null unless display is NAME_AND_COMPANY" }),
    }),
    verification: z.enum(REVIEW_VERIFICATIONS),
    underDispute: z.boolean(),
    incentive: z.string().nullable(),
    publishedAt: isoTimestamp,
    editedAt: isoTimestamp.nullable(),
    reply: z
      .object({
        body: z.string(),
        createdAt: isoTimestamp,
        toEarlierVersion: z.boolean().meta({ description: "The review was edited after this reply was written" }),
      })
      .nullable(),
  })
  .meta({ id: "Review" });
export type PublicReview = z.output<typeof publicReviewSchema>;

const nullableAverage = z.number().nullable();

/** A provider's published-review figures: on the reviews list and on the profile as `reviews`. */
export const reviewStatsSchema = z
  .object({
    count: z.number().int(),
    average: nullableAverage.meta({ description: "Mean overall rating, 2 decimals; null below 3 reviews" }),
    distribution: z.object({ "1": z.number().int(), "2": z.number().int(), "3": z.number().int(), "4": z.number().int(), "5": z.number().int() }),
    recommendShare: nullableAverage.meta({ description: "Share (0–1) who would recommend; null below 3 reviews" }),
    subRatings: z.object({
      quality: nullableAverage,
      schedule: nullableAverage,
      communication: nullableAverage,
      value: nullableAverage,
    }),
    bayesian24m: z.number().meta({
      description: "Bayesian average of the last 24 months' overall ratings (prior 3.5 weighted as 5 reviews), as the ranking uses",
    }),
  })
  .meta({ id: "ReviewStats" });
export type ReviewStats = z.output<typeof reviewStatsSchema>;
