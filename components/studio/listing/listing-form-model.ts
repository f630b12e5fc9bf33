import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { HOURLY_RATES, TEAM_SIZES, type HourlyRate, type Specialty, type TeamSize } from "@/db/enums";
import { listingUpdateSchema, type ListingUpdate } from "@/lib/providers/schemas";
import type { Listing } from "@/lib/providers/serialize";

// The listing form validates with the API's PATCH schema. The only differences are how a form holds
// values: text boxes and selects hold text, and an empty one means "none" (null, as `null` clears
// the field in the API); number boxes hold text that becomes a number, with spaces and thousands
// separators ignored ("20 000", "20,000"). Anything else reaches the schema as typed, so the form
// shows the API's own messages.

export interface PortfolioFormItem {
  title: string;
  url: string;
  summary: string;
  imageUrl: string;
}

export interface ListingFormValues {
  headline: string;
  description: string;
  specialties: Specialty[];
  websiteUrl: string;
  logoUrl: string;
  bannerUrl: string;
  countryCode: string;
  city: string;
  remote: boolean;
  languages: string[];
  teamSize: string;
  hourlyRate: string;
  minProjectBudget: string;
  foundedYear: string;
  acceptingClients: boolean;
  portfolio: PortfolioFormItem[];
}

export type ListingFieldName = keyof ListingFormValues;
export const URL_FIELDS = ["websiteUrl", "logoUrl", "bannerUrl"] as const;
export const FIELD_NAMES = [
  "headline", "description", "specialties", ...URL_FIELDS, "countryCode", "city", "remote", "languages", "teamSize",
  "hourlyRate", "minProjectBudget", "foundedYear", "acceptingClients", "portfolio",
] as const satisfies readonly ListingFieldName[];

// The limits the schema itself enforces, so the counters can never disagree with it.
export const HEADLINE_MAX = listingUpdateSchema.shape.headline.unwrap().maxLength ?? Infinity;
export const DESCRIPTION_MAX = listingUpdateSchema.shape.description.unwrap().maxLength ?? Infinity;

export const EMPTY_PORTFOLIO_ITEM: PortfolioFormItem = { title: "", url: "", summary: "", imageUrl: "" };

export function toFormValues(listing: Listing): ListingFormValues {
  return {
    headline: listing.headline,
    description: listing.description,
    specialties: listing.specialties,
    websiteUrl: listing.websiteUrl ?? "",
    logoUrl: listing.logoUrl ?? "",
    bannerUrl: listing.bannerUrl ?? "",
    countryCode: listing.countryCode ?? "",
    city: listing.city ?? "",
    remote: listing.remote,
    languages: [...listing.languages],
    teamSize: listing.teamSize ?? "",
    hourlyRate: listing.hourlyRate ?? "",
    minProjectBudget: listing.minProjectBudget === null ? "" : String(listing.minProjectBudget),
    foundedYear: listing.foundedYear === null ? "" : String(listing.foundedYear),
    acceptingClients: listing.acceptingClients,
    portfolio: listing.portfolio.map((item) => ({
      title: item.title,
      url: item.url,
      summary: item.summary ?? "",
      imageUrl: item.imageUrl ?? "",
    })),
  };
}

const blankIsNull = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v);

/** "20 000" or "20,000" → 20000; text that is not a whole number stays text, for the schema to refuse. */
function wholeNumberOrText(v: string | undefined): number | string | null {
  const text = blankIsNull(v);
  if (text === null) return null;
  const digits = text.replace(/[\s,]/g, "");
  return /^\d{1,15}$/.test(digits) ? Number(digits) : text;
}

/** The form's values as the PATCH body. */
export function toPatch(values: ListingFormValues): Record<ListingFieldName, unknown> {
  return {
    ...values,
    specialties: Array.isArray(values.specialties) ? values.specialties : [],
    websiteUrl: blankIsNull(values.websiteUrl),
    logoUrl: blankIsNull(values.logoUrl),
    bannerUrl: blankIsNull(values.bannerUrl),
    countryCode: blankIsNull(values.countryCode),
    city: blankIsNull(values.city),
    languages: Array.isArray(values.languages) ? values.languages : [],
    teamSize: blankIsNull(values.teamSize),
    hourlyRate: blankIsNull(values.hourlyRate),
    minProjectBudget: wholeNumberOrText(values.minProjectBudget),
    foundedYear: wholeNumberOrText(values.foundedYear),
    portfolio: Array.isArray(values.portfolio) ? values.portfolio : [],
  };
}

/** The fields whose values differ from what was loaded, so the audit trail names what someone actually edited. */
export function changedFields(values: ListingFormValues, loaded: ListingFormValues): ListingFieldName[] {
  const now = toPatch(values);
  const before = toPatch(loaded);
  return FIELD_NAMES.filter((field) => JSON.stringify(now[field]) !== JSON.stringify(before[field]));
}

const schemaResolver = zodResolver(listingUpdateSchema);

export const listingResolver: Resolver<ListingFormValues, unknown, ListingUpdate> = async (values, context, options) => {
  const result = await schemaResolver(toPatch(values) as never, context, options as never);
  return result as Awaited<ReturnType<Resolver<ListingFormValues, unknown, ListingUpdate>>>;
};

export function isFieldName(path: string): boolean {
  return (FIELD_NAMES as readonly string[]).includes(path.split(".")[0] ?? "");
}

/** A band from a select, or null while the select says "not stated" (for the live preview). */
export function teamSizeOrNull(v: string | undefined): TeamSize | null {
  return (TEAM_SIZES as readonly string[]).includes(v ?? "") ? (v as TeamSize) : null;
}
export function hourlyRateOrNull(v: string | undefined): HourlyRate | null {
  return (HOURLY_RATES as readonly string[]).includes(v ?? "") ? (v as HourlyRate) : null;
}
/** A number box's value as the preview shows it: a whole number, or nothing while it is not one. */
export function wholeNumberOrNull(v: string | undefined): number | null {
  const parsed = wholeNumberOrText(v);
  return typeof parsed === "number" ? parsed : null;
}
