import { z } from "@/lib/validation/zod";
import { APPROVAL_STATUSES, CHANGE_REQUEST_STATUSES } from "@/db/enums";
import { isMultiLineText, MULTI_LINE_MESSAGE } from "@/lib/validation/text";

// Inputs of the admin console's provider oversight and change-request review. Shared by the forms
// (zodResolver), the server actions and the domain functions. No server imports: forms load this.

const providerIdSchema = z.guid({ error: "Unknown provider" });

/** An optional note for the audit trail; blank means none. */
const optionalNote = z
  .string({ error: "The note must be text" })
  .trim()
  .max(1000, { error: "The note must be at most 1000 characters" })
  .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The note") })
  .nullish()
  .transform((v) => (v ? v : undefined));

export const setProviderFeaturedInputSchema = z.object({
  providerId: providerIdSchema,
  featured: z.boolean({ error: "featured must be true or false" }),
});

/** Longest reason for a suspension: the audit trail, the studio banner and the owners' email all quote it whole. */
export const SUSPENSION_REASON_MAX = 1000;

/**
 * Why a provider is suspended: required, because its owners are emailed it and its studio shows it on
 * every page; a suspension without one left the team guessing (issue 31).
 */
export const suspensionReasonSchema = z
  .string({ error: "Say why the provider is suspended" })
  .trim()
  .min(1, { error: "Say why the provider is suspended: its owners are emailed this reason" })
  .max(SUSPENSION_REASON_MAX, { error: `The reason must be at most ${SUSPENSION_REASON_MAX} characters` })
  .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The reason") });

/**
 * APPROVED approves a pending provider or reinstates a suspended one; SUSPENDED hides it from the
 * public and needs a reason (`note`, the name the audit trail has always recorded it under).
 */
export const setProviderApprovalInputSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ providerId: providerIdSchema, status: z.literal("APPROVED"), note: optionalNote }),
    z.object({ providerId: providerIdSchema, status: z.literal("SUSPENDED"), note: suspensionReasonSchema }),
  ],
  { error: "Choose approve or suspend" },
);
export type SetProviderApprovalInput = z.input<typeof setProviderApprovalInputSchema>;

/** Why a name or slug change is declined: required, and shown to the provider's team. */
export const declineNoteSchema = z
  .string({ error: "Say why the request is declined" })
  .trim()
  .min(1, { error: "Say why the request is declined" })
  .max(1000, { error: "The note must be at most 1000 characters" })
  .refine(isMultiLineText, { error: MULTI_LINE_MESSAGE("The note") });

export const changeRequestDecisionInputSchema = z.discriminatedUnion("decision", [
  z.object({ changeRequestId: z.guid({ error: "Unknown request" }), decision: z.literal("APPROVE"), note: optionalNote }),
  z.object({
    changeRequestId: z.guid({ error: "Unknown request" }),
    decision: z.literal("DECLINE"),
    note: declineNoteSchema,
  }),
]);
export type ChangeRequestDecisionInput = z.input<typeof changeRequestDecisionInputSchema>;

/** Query of /admin/providers: free text over name and slug, approval status, page. */
export const adminProviderSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((v) => !v.includes("\u0000"))
    .catch("")
    .transform((v) => v || undefined),
  status: z.enum([...APPROVAL_STATUSES, "ALL"]).catch("ALL"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Query of /admin/change-requests. */
export const adminChangeRequestQuerySchema = z.object({
  status: z.enum([...CHANGE_REQUEST_STATUSES, "ALL"]).catch("PENDING"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
