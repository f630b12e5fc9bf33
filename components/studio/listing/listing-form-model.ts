import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { Specialty } from "@/db/enums";
import { listingUpdateSchema, type ListingUpdate } from "@/lib/providers/schemas";
import type { Listing } from "@/lib/providers/serialize";

// The listing form validates with the API's PATCH schema. The only difference: the form keeps the
// URL fields as text, and an empty box means "no URL" (null), as `null` clears them in the API.

export interface ListingFormValues {
  headline: string;
  description: string;
  specialties: Specialty[];
  websiteUrl: string;
  logoUrl: string;
  bannerUrl: string;
}

export type ListingFieldName = keyof ListingFormValues;
export const URL_FIELDS = ["websiteUrl", "logoUrl", "bannerUrl"] as const;
export const FIELD_NAMES: ListingFieldName[] = ["headline", "description", "specialties", ...URL_FIELDS];

// The limits the schema itself enforces, so the counters can never disagree with it.
export const HEADLINE_MAX = listingUpdateSchema.shape.headline.unwrap().maxLength ?? Infinity;
export const DESCRIPTION_MAX = listingUpdateSchema.shape.description.unwrap().maxLength ?? Infinity;

export function toFormValues(listing: Listing): ListingFormValues {
  return {
    headline: listing.headline,
    description: listing.description,
    specialties: listing.specialties,
    websiteUrl: listing.websiteUrl ?? "",
    logoUrl: listing.logoUrl ?? "",
    bannerUrl: listing.bannerUrl ?? "",
  };
}

/** The form's values as the PATCH body: blank URLs become null. */
export function toPatch(values: ListingFormValues): Record<ListingFieldName, unknown> {
  const blankIsNull = (v: string) => (v.trim() === "" ? null : v);
  return {
    ...values,
    specialties: Array.isArray(values.specialties) ? values.specialties : [],
    websiteUrl: blankIsNull(values.websiteUrl),
    logoUrl: blankIsNull(values.logoUrl),
    bannerUrl: blankIsNull(values.bannerUrl),
  };
}

const schemaResolver = zodResolver(listingUpdateSchema);

export const listingResolver: Resolver<ListingFormValues, unknown, ListingUpdate> = async (values, context, options) => {
  const result = await schemaResolver(toPatch(values) as never, context, options as never);
  return result as Awaited<ReturnType<Resolver<ListingFormValues, unknown, ListingUpdate>>>;
};

export function isFieldName(path: string): path is ListingFieldName {
  return (FIELD_NAMES as string[]).includes(path.split(".")[0] ?? "");
}
