import { z } from "@/lib/validation/zod";
import { DELIVERED_INQUIRY_STATUSES, INQUIRY_BUDGETS, INQUIRY_TIMELINES, REVIEW_INVITATION_STATUSES } from "@/db/enums";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, pageQueryShape } from "@/lib/validation/page-query";
import { emailSchema } from "@/lib/validation/primitives";
import { isMultiLineText, MULTI_LINE_MESSAGE, nameSchema, optionalNameSchema } from "@/lib/validation/text";

import { INQUIRY_HONEYPOT_FIELD, INQUIRY_MESSAGE_MAX, INQUIRY_MESSAGE_MIN } from "./inquiry-fields";

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` }), z.literal("")])
    .nullish()
    .transform((v) => (v ? (v as T[number]) : undefined));

/**
 * Body of POST /public/studio/providers/:slug/inquiries, and the profile's contact form. Unknown fields
 * are ignored; the honeypot is read and never stored (the API document leaves it out, see below).
 */
export const inquirySubmissionSchema = z
  .object({
    name: nameSchema({ label: "Name", max: 200, required: "Enter your name" }),
    email: emailSchema,
    company: optionalNameSchema({ label: "Company", max: 200 }),
    budget: optionalChoice(INQUIRY_BUDGETS, "Budget").meta({ description: `One of ${INQUIRY_BUDGETS.join(", ")}` }),
    timeline: optionalChoice(INQUIRY_TIMELINES, "Timeline").meta({
      description: `One of ${INQUIRY_TIMELINES.join(", ")}`,
    }),
    message: z
      .string({ error: `Write your message in at least ${INQUIRY_MESSAGE_MIN} characters` })
      .trim()
      .min(INQUIRY_MESSAGE_MIN, { error: `Write your message in at least ${INQUIRY_MESSAGE_MIN} characters` })
      .max(INQUIRY_MESSAGE_MAX, { error: `Your message must be at most ${INQUIRY_MESSAGE_MAX} characters` })
      .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("Your message") }),
    turnstileToken: z.string().max(4096).nullish().transform((v) => v ?? undefined),
    [INQUIRY_HONEYPOT_FIELD]: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" ? v.trim() !== "" : v != null && v !== false)),
  });
export type InquirySubmission = z.output<typeof inquirySubmissionSchema>;

/**
 * The same body as the API document shows it: the honeypot is the web form's trap for bots, hidden from
 * people there, so the document does not advertise it either (to an API client it is an unknown field).
 */
export const inquirySubmissionDocumentSchema = inquirySubmissionSchema
  .omit({ [INQUIRY_HONEYPOT_FIELD]: true })
  .meta({ id: "InquirySubmission" });

export const inquiryAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: "InquiryAccepted" });

/** Query of POST /public/studio/providers/inquiries/verify. Shape is checked in the domain (400 TOKEN_INVALID). */
export const inquiryVerifyQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The token from the confirmation email" }),
});

export const inquiryVerifyResultSchema = z
  .object({ success: z.literal(true), message: z.string(), status: z.literal("DELIVERED") })
  .meta({ id: "InquiryVerificationResult" });

/** Query of GET /provider/studio/inquiries; page and limit as the public list. */
export const inquiryListQuerySchema = z.object({
  status: z
    .enum(DELIVERED_INQUIRY_STATUSES, { error: `status must be one of: ${DELIVERED_INQUIRY_STATUSES.join(", ")}` })
    .optional()
    .meta({ description: "Only inquiries with this status; absent: every delivered inquiry" }),
  format: z
    .enum(["json", "csv"], { error: "format must be one of: json, csv" })
    .optional()
    .meta({ description: "csv: every matching inquiry (no paging) as a CSV attachment, up to 10 000 rows, else 413 EXPORT_TOO_LARGE" }),
  ...pageQueryShape({ maxPage: MAX_PAGE, maxPageSize: MAX_PAGE_SIZE, defaultPageSize: DEFAULT_PAGE_SIZE }),
});

/** Body of PATCH /provider/studio/inquiries/:id, and the studio's status buttons. */
export const inquiryStatusChangeSchema = z
  .strictObject({
    status: z.enum(DELIVERED_INQUIRY_STATUSES, {
      error: `status must be one of: ${DELIVERED_INQUIRY_STATUSES.join(", ")}`,
    }),
  })
  .meta({ id: "InquiryStatusChange" });

/** The studio's status buttons: which inquiry, and the status it moves to. */
export const inquiryStatusActionSchema = z.object({
  inquiryId: z.guid({ error: "Unknown inquiry" }),
  status: z.enum(DELIVERED_INQUIRY_STATUSES, { error: "Unknown status" }),
});

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });

export const inquirySchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    providerSlug: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    budget: z.enum(INQUIRY_BUDGETS).nullable(),
    timeline: z.enum(INQUIRY_TIMELINES).nullable(),
    message: z.string(),
    status: z.enum(DELIVERED_INQUIRY_STATUSES),
    createdAt: isoTimestamp,
    deliveredAt: isoTimestamp,
    firstResponseAt: isoTimestamp.nullable(),
    engagedAt: isoTimestamp.nullable().meta({ description: "When an OWNER or ADMIN marked that you worked together; null when unmarked" }),
    reviewInvitation: z
      .object({
        status: z.enum(REVIEW_INVITATION_STATUSES),
        sendAt: isoTimestamp.nullable().meta({
          description: "When the sender's review invitation goes out (SCHEDULED) or went out; null when it is not sent (NOT_ELIGIBLE)",
        }),
      })
      .meta({ id: "InquiryReviewInvitation" }),
    erasedAt: isoTimestamp.nullable().meta({
      description: "Set when the sender had their data erased (extensions §9): name, email, company and message are then empty strings; status and dates stay",
    }),
  })
  .meta({ id: "Inquiry" });
export type InquiryView = z.output<typeof inquirySchema>;

export const inquiryListSchema = z
  .object({ data: z.array(inquirySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "InquiryList" });

/** The studio's "We worked together" toggle: which inquiry, and whether to set or clear the mark. */
export const inquiryEngagementActionSchema = z.object({
  inquiryId: z.guid({ error: "Unknown inquiry" }),
  engaged: z.enum(["true", "false"], { error: "Unknown choice" }).transform((v) => v === "true"),
});

/** The profile's contact form: the API body plus the provider's slug (a hidden field; the API has it in the path). */
export const inquiryFormSchema = inquirySubmissionSchema.extend({
  slug: z.string({ error: "Unknown provider" }).max(200, { error: "Unknown provider" }),
});
