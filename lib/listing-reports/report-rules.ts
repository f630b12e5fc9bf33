import type { ListingReportCategory } from "@/db/enums";

// Every rule of reports of outdated information (extensions §6) in one place: the limits, the
// escalation and the digest. The report form imports it in the browser, so it imports nothing of Node's
// (the reporter's key, a hash, is in reporter-key.ts). The hourly per-client limit is REPORT_IP_LIMIT (lib/config/env.ts).

/** One report per client, provider and category in this many days; a repeat is answered 202 and stored nowhere. */
export const REPORT_REPEAT_WINDOW_DAYS = 30;
export const REPORT_NOTE_MIN = 10;
export const REPORT_NOTE_MAX = 1000;
/** Categories whose report must say what is wrong. */
export const CATEGORIES_NEEDING_NOTE: readonly ListingReportCategory[] = ["WRONG_FACTS", "OTHER"];

/** This many distinct clients reporting one of ESCALATING_CATEGORIES within the window open an escalation. */
export const ESCALATION_DISTINCT_REPORTERS = 3;
export const ESCALATION_WINDOW_DAYS = 30;
export const ESCALATING_CATEGORIES: readonly ListingReportCategory[] = ["OUT_OF_BUSINESS", "CONTACT_FAILS"];
/** Days the provider has to confirm its listing (or fix it) before it is hidden as STALE. */
export const ESCALATION_DEADLINE_DAYS = 14;

/** At most one digest per provider in this many hours (so never two on one day). */
export const DIGEST_INTERVAL_HOURS = 24;
/** Reports one digest lists by name; the rest are counted. */
export const DIGEST_LISTED_MAX = 20;

/** The listing's fields a visitor may point at, as the full listing names them. */
export const REPORTABLE_FIELDS = [
  "name",
  "headline",
  "description",
  "specialties",
  "websiteUrl",
  "logoUrl",
  "bannerUrl",
  "countryCode",
  "city",
  "remote",
  "languages",
  "teamSize",
  "hourlyRate",
  "minProjectBudget",
  "foundedYear",
  "acceptingClients",
  "portfolio",
] as const;
export type ReportableField = (typeof REPORTABLE_FIELDS)[number];

/** How the form and the digest name each field. */
export const REPORTABLE_FIELD_LABELS: Record<ReportableField, string> = {
  name: "Name",
  headline: "Headline",
  description: "Description",
  specialties: "Specialties",
  websiteUrl: "Website address",
  logoUrl: "Logo",
  bannerUrl: "Banner image",
  countryCode: "Country",
  city: "City",
  remote: "Remote work",
  languages: "Languages",
  teamSize: "Team size",
  hourlyRate: "Hourly rate",
  minProjectBudget: "Minimum project budget",
  foundedYear: "Year founded",
  acceptingClients: "Taking new clients",
  portfolio: "Portfolio",
};

export function reportableFieldLabel(field: string): string {
  return REPORTABLE_FIELD_LABELS[field as ReportableField] ?? field;
}

export const CATEGORY_LABELS: Record<ListingReportCategory, string> = {
  WEBSITE_BROKEN: "The website does not work",
  CONTACT_FAILS: "Contacting them fails",
  OUT_OF_BUSINESS: "They are out of business",
  WRONG_FACTS: "Some details are wrong",
  OTHER: "Something else",
};
