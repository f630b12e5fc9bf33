import { z } from "@/lib/validation/zod";
import { LISTING_REPORT_CATEGORIES, LISTING_REPORT_RESOLUTIONS, LISTING_REPORT_STATUSES } from "@/db/enums";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, pageQueryShape } from "@/lib/validation/page-query";
import { emailSchema } from "@/lib/validation/primitives";
import { isMultiLineText, MULTI_LINE_MESSAGE } from "@/lib/validation/text";
import { CATEGORIES_NEEDING_NOTE, REPORT_NOTE_MAX, REPORT_NOTE_MIN, REPORTABLE_FIELDS } from "./report-rules";

const NOTE_LENGTH = `Describe what is out of date in ${REPORT_NOTE_MIN} to ${REPORT_NOTE_MAX} characters`;

/** An empty form field (or null) is "not given". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const noteSchema = z
  .string({ error: NOTE_LENGTH })
  .trim()
  .min(REPORT_NOTE_MIN, { error: NOTE_LENGTH })
  .max(REPORT_NOTE_MAX, { error: NOTE_LENGTH })
  .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The description") });

/**
 * Body of POST /public/studio/providers/:slug/reports, the profile's report form and its action.
 * The note is required for WRONG_FACTS and OTHER; the email, if given, receives the one outcome email.
 */
const submissionShape = {
    category: z.enum(LISTING_REPORT_CATEGORIES, {
      error: "Choose what is wrong",
    }),
    fields: z
      .preprocess(
        (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.enum(REPORTABLE_FIELDS, { error: "Choose details from the list" })).max(REPORTABLE_FIELDS.length),
      )
      .transform((list) => [...new Set(list)])
      .optional()
      .meta({ description: "The listing fields that are out of date (names as in the full listing)" }),
    note: z
      .preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : blankToUndefined(v)), noteSchema.optional())
      .meta({ description: `What is out of date, ${REPORT_NOTE_MIN}–${REPORT_NOTE_MAX} characters; required for WRONG_FACTS and OTHER` }),
    email: z
      .preprocess(blankToUndefined, emailSchema.optional())
      .meta({ description: "Where to send the one email saying how the report was handled; never shown to the provider" }),
    turnstileToken: z.string().max(4096).nullish().transform((v) => v ?? undefined),
};

function requireNote(value: { category: (typeof LISTING_REPORT_CATEGORIES)[number]; note?: string }, ctx: z.RefinementCtx) {
  if (CATEGORIES_NEEDING_NOTE.includes(value.category) && !value.note) {
    ctx.addIssue({ code: "custom", path: ["note"], message: NOTE_LENGTH });
  }
}

export const listingReportSubmissionSchema = z
  .object(submissionShape)
  .superRefine(requireNote)
  .meta({ id: "ListingReportSubmission" });
export type ListingReportSubmission = z.output<typeof listingReportSubmissionSchema>;

/** The profile's report form: the API body plus the provider's slug (the API has it in the path). */
export const listingReportFormSchema = z
  .object({ ...submissionShape, slug: z.string({ error: "Unknown provider" }).max(200, { error: "Unknown provider" }) })
  .superRefine(requireNote);

export const listingReportAcceptedSchema = z.object({ success: z.literal(true) }).meta({ id: "ListingReportAccepted" });

/** Query of GET /provider/studio/reports and the studio's tabs; page and limit as the inquiries list. */
export const listingReportListQuerySchema = z.object({
  status: z
    .enum(LISTING_REPORT_STATUSES, { error: `status must be one of: ${LISTING_REPORT_STATUSES.join(", ")}` })
    .optional()
    .transform((v) => v ?? "OPEN")
    .meta({ description: "Reports with this status (default OPEN)" }),
  ...pageQueryShape({ maxPage: MAX_PAGE, maxPageSize: MAX_PAGE_SIZE, defaultPageSize: DEFAULT_PAGE_SIZE }),
});

/** Body of POST /provider/studio/reports/:id/resolve, and the studio's resolve form. */
export const listingReportResolveSchema = z
  .strictObject({
    action: z.enum(LISTING_REPORT_RESOLUTIONS, { error: `action must be one of: ${LISTING_REPORT_RESOLUTIONS.join(", ")}` }),
    note: z
      .preprocess(
        (v) => (typeof v === "string" && v.trim() === "" ? undefined : blankToUndefined(v)),
        z
          .string({ error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
          .trim()
          .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
          .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The note") })
          .optional(),
      )
      .meta({ description: "What was done; the reporter's outcome email does not quote it" }),
  })
  .meta({ id: "ListingReportResolution" });

/** The studio's resolve form: which report, and the same body. */
export const listingReportResolveActionSchema = listingReportResolveSchema.extend({
  reportId: z.guid({ error: "Unknown report" }),
});

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });

/** A report as the provider sees it: never who reported it, nor their email. */
export const listingReportSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    category: z.enum(LISTING_REPORT_CATEGORIES),
    fields: z.array(z.string()),
    note: z.string().nullable(),
    status: z.enum(LISTING_REPORT_STATUSES),
    resolution: z.enum(LISTING_REPORT_RESOLUTIONS).nullable(),
    resolutionNote: z.string().nullable(),
    system: z.boolean().meta({ description: "Made by the registry's own checks, not a visitor" }),
    createdAt: isoTimestamp,
    resolvedAt: isoTimestamp.nullable(),
  })
  .meta({ id: "ListingReport" });
export type ListingReportView = z.output<typeof listingReportSchema>;

export const listingReportListSchema = z
  .object({ data: z.array(listingReportSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "ListingReportList" });

/** The admin's "dismiss cluster" button. */
export const dismissReportClusterSchema = z.object({ providerId: z.guid({ error: "Unknown provider" }) });
