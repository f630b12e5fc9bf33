import { z } from "@/lib/validation/zod";
import { LISTING_HIDDEN_REASONS, SPECIALTIES } from "@/db/enums";
import { httpUrlSchema, specialtyListSchema } from "@/lib/validation/primitives";
import { isOneLineText } from "@/lib/validation/text";
import { responsivenessSchema } from "@/lib/provider-core/responsiveness-schema";
import { rankExplanationSchema } from "@/lib/ranking/rank-explanation";
import { providerNoticeSchema } from "@/lib/reviews/public-read-schemas";
import { reviewStatsSchema } from "@/lib/reviews/review-schemas";
import { profileFactsInputShape, profileFactsOutputShape } from "./profile-facts-schema";

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
    ...profileFactsInputShape,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, {
    error: `Send at least one of: headline, description, specialties, websiteUrl, logoUrl, bannerUrl, ${Object.keys(profileFactsInputShape).join(", ")}`,
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
    ranking: z
      .object({ formulaVersion: z.string(), computedAt: isoTimestamp.nullable() })
      .optional()
      .meta({ description: "Only with explain=true: the formula's version and the newest computation among the page's providers" }),
    explanations: z
      .record(z.string(), rankExplanationSchema)
      .optional()
      .meta({ description: "Only with explain=true: each provider of the page (by slug) and why it is where it is" }),
  })
  .meta({ id: "ProviderList" });

const profileShape = {
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
    confirmedAt: isoTimestamp.meta({
      description: "When the provider last confirmed its details are current (an edit, a publish or an explicit confirm). From 180 days after it the profile says so; at 210 days the listing is hidden until confirmed.",
    }),
    responsiveness: responsivenessSchema,
    ...profileFactsOutputShape,
};

export const publicProfileSchema = z
  .object({
    ...profileShape,
    ranking: rankExplanationSchema.nullable().meta({
      description: "Why the provider is where it is in sort=recommended (extensions §5); null until its rank is first computed",
    }),
    reviews: reviewStatsSchema.meta({
      description: "The published reviews' figures; the reviews themselves are at GET /public/studio/providers/{slug}/reviews",
    }),
    notices: z.array(providerNoticeSchema).meta({
      description: "The registry's active public notices on this provider (such as a review-manipulation alert), oldest first",
    }),
  })
  .meta({ id: "ProviderProfile" });

export const listingSchema = z
  .object({
    ...profileShape,
    publicProfile: z.boolean(),
    hiddenReason: z.enum(LISTING_HIDDEN_REASONS).nullable().meta({
      description: "STALE when the registry hid the published listing because its details were not confirmed for 210 days; confirming shows it again with its publishedAt unchanged.",
    }),
    staleHiddenAt: isoTimestamp.nullable().meta({ description: "When the registry hid the listing as STALE; null when it is not hidden so." }),
    staleAt: isoTimestamp.meta({ description: 'When the public "Details not confirmed since" label appears unless confirmed before (confirmedAt + 180 days).' }),
    hideAt: isoTimestamp.meta({ description: "When the listing is hidden unless confirmed before (confirmedAt + 210 days)." }),
  })
  .meta({ id: "Listing", description: "The caller's own listing, published or not" });
