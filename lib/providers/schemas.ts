import { z } from "@/lib/validation/zod";
import { SPECIALTIES } from "@/db/enums";
import { httpUrlSchema, specialtyListSchema, specialtySchema } from "@/lib/validation/primitives";
import { isOneLineText } from "@/lib/validation/text";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE = 10_000_000;

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number of 1 or more` })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: `${name} must be 1 or more` }));

/** Query of GET /public/studio/providers (and of the directory page). */
export const providerListQuerySchema = z.object({
  specialty: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(specialtySchema)
    .optional()
    .meta({ description: `Only providers with this specialty (case-insensitive): ${SPECIALTIES.join(", ")}` }),
  featured: z
    .enum(["true", "false"], { error: "featured must be true or false" })
    .transform((v) => v === "true")
    .optional()
    .meta({ description: "true: only featured providers; false or absent: no featured filter" }),
  q: z
    .string()
    .trim()
    .max(100, { error: "q must be at most 100 characters" })
    // The API refuses NUL before validation (lib/validation/nul-characters.ts); pages read their
    // URL with this schema only, and a NUL must not reach the query from there either.
    .refine((v) => !v.includes("\u0000"), { error: "q must not contain NUL characters" })
    .optional()
    .transform((v) => (v ? v : undefined))
    .meta({ description: "Free-text search over name and headline (extension)" }),
  page: positiveInt("page")
    .pipe(z.number().max(MAX_PAGE, { error: `page must be at most ${MAX_PAGE}` }))
    .optional()
    .transform((v) => v ?? 1)
    .meta({ description: "Page number, from 1 (default 1)" }),
  limit: positiveInt("limit")
    .transform((v) => Math.min(v, MAX_PAGE_SIZE))
    .optional()
    .transform((v) => v ?? DEFAULT_PAGE_SIZE)
    .meta({ description: `Items per page (default ${DEFAULT_PAGE_SIZE}); values above ${MAX_PAGE_SIZE} are clamped` }),
});
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

/** Body of PATCH /provider/studio/listing: only these fields, at least one of them. */
export const listingUpdateSchema = z
  .strictObject({
    headline: z
      .string({ error: "Headline must be text" })
      .trim()
      .max(160, { error: "Headline must be at most 160 characters" })
      .refine(isOneLineText, { error: "Headline must be one line, without tabs or control characters" }),
    description: z
      .string({ error: "Description must be text" })
      .trim()
      .max(5000, { error: "Description must be at most 5000 characters" }),
    specialties: specialtyListSchema,
    websiteUrl: httpUrlSchema.nullable(),
    logoUrl: httpUrlSchema.nullable(),
    bannerUrl: httpUrlSchema.nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, {
    error: "Send at least one of: headline, description, specialties, websiteUrl, logoUrl, bannerUrl",
  })
  .meta({ id: "ListingUpdate", description: "Fields a provider may change itself; name and slug changes need an admin." });
export type ListingUpdate = z.output<typeof listingUpdateSchema>;

// ---- Response shapes (documentation; the serialisers in serialize.ts produce exactly these)

const specialtiesOut = z.array(z.enum(SPECIALTIES));
const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });

export const providerSummarySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    headline: z.string(),
    specialties: specialtiesOut,
    featured: z.boolean(),
    publishedAt: isoTimestamp.nullable(),
  })
  .meta({ id: "ProviderSummary" });

export const providerListSchema = z
  .object({
    data: z.array(providerSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: "ProviderList" });

export const publicProfileSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    headline: z.string(),
    description: z.string(),
    specialties: specialtiesOut,
    websiteUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    featured: z.boolean(),
    publishedAt: isoTimestamp.nullable(),
  })
  .meta({ id: "ProviderProfile" });

export const listingSchema = publicProfileSchema
  .extend({ publicProfile: z.boolean() })
  .meta({ id: "Listing", description: "The caller's own listing, published or not" });
