import { z } from "@/lib/validation/zod";
import { APPLICATION_STAGES } from "@/db/enums";
import { emailSchema, httpUrlSchema, specialtyListSchema } from "@/lib/validation/primitives";
import { isMultiLineText, MULTI_LINE_MESSAGE, nameSchema, optionalNameSchema, optionalOneLineText } from "@/lib/validation/text";

/** Body of POST /public/studio/providers/interest, and the apply form. Unknown fields are ignored. */
export const interestApplicationSchema = z
  .object({
    fullName: nameSchema({ label: "Full name", max: 200, required: "Enter your full name" }),
    email: emailSchema,
    companyName: optionalNameSchema({ label: "Company name", max: 200 }),
    specialties: specialtyListSchema.nullish().transform((v) => v ?? []),
    description: z
      .string({ error: "Describe your work in at least 10 characters" })
      .trim()
      .min(10, { error: "Describe your work in at least 10 characters" })
      .max(5000, { error: "Description must be at most 5000 characters" }),
    portfolioLinks: z
      .array(httpUrlSchema, { error: "Portfolio links must be a list of web addresses" })
      .max(10, { error: "Add at most 10 portfolio links" })
      .nullish()
      .transform((v) => v ?? []),
    referralSource: optionalOneLineText(200, "How you heard of us"),
    turnstileToken: z.string().max(4096).nullish().transform((v) => v ?? undefined),
  })
  .meta({ id: "InterestApplication" });
export type InterestApplicationInput = z.output<typeof interestApplicationSchema>;

/**
 * The apply form and its server action: the API's schema with the company name required. The API
 * keeps it optional (the interface fixes that); a person applying through our form names the business
 * the review is about, which the admin needs and the provider is created with.
 */
export const applyFormSchema = interestApplicationSchema.extend({
  companyName: nameSchema({ label: "Company name", max: 200, required: "Enter your company or agency name" }),
});
export type ApplyFormInput = z.output<typeof applyFormSchema>;

export const interestAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: "InterestAccepted" });

/** Query of POST /public/studio/providers/verify. Shape is checked in the domain (400 TOKEN_INVALID). */
export const verifyQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The token from the verification email" }),
});

export const verifyResultSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    status: z.enum(APPLICATION_STAGES),
  })
  .meta({ id: "VerificationResult" });

/** Why an application is rejected: quoted in the email to the applicant. */
export const rejectionReasonSchema = z
  .string({ error: "Give a reason for the rejection" })
  .trim()
  .min(1, { error: "Give a reason for the rejection" })
  .max(1000, { error: "The reason must be at most 1000 characters" })
  .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The reason") });

const applicationIdSchema = z.guid({ error: "Unknown application" });

/** The admin console's approve button. */
export const approveApplicationInputSchema = z.object({ applicationId: applicationIdSchema });

/** The admin console's reject form: the reason is required. */
export const rejectApplicationInputSchema = z.object({ applicationId: applicationIdSchema, reason: rejectionReasonSchema });
export type RejectApplicationInput = z.input<typeof rejectApplicationInputSchema>;

/** The review queue's filter: one stage, or every stage. */
export const applicationQueueQuerySchema = z.object({
  stage: z.enum([...APPLICATION_STAGES, "ALL"]).catch("IN_REVIEW"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  /** Only this applicant's applications (the card's links to an email's other applications). */
  email: emailSchema.optional().catch(undefined),
});
