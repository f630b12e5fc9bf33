import { z } from "@/lib/validation/zod";
import { providerNameSchema } from "@/lib/providers/provider-name-schema";
import { SLUG_MAX_LENGTH, isValidSlug } from "@/lib/providers/slug";

// Input of a name or slug change request: shared by the studio form (zodResolver), its server
// action and createChangeRequest. Kept apart from the domain function so client code can import it.

export const SLUG_RULE =
  `lower-case letters and digits in words joined by single dashes, at most ${SLUG_MAX_LENGTH} characters (e.g. "northwind-studio"), and not a reserved word such as "interest" or "verify"`;

export const providerSlugSchema = z
  .string({ error: "Enter a slug" })
  .trim()
  .min(1, { error: "Enter a slug" })
  .refine(isValidSlug, { error: `A slug is ${SLUG_RULE}.` });

export const changeRequestSchema = z.discriminatedUnion(
  "field",
  [
    z.strictObject({ field: z.literal("NAME"), value: providerNameSchema }),
    z.strictObject({ field: z.literal("SLUG"), value: providerSlugSchema }),
  ],
  { error: "Choose what to change: NAME or SLUG" },
);
export type ChangeRequestInput = z.output<typeof changeRequestSchema>;

export const withdrawChangeRequestSchema = z.strictObject({
  requestId: z.guid({ error: "Unknown request" }),
});
