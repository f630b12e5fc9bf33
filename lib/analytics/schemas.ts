import { z } from "zod";

// The beacon's body (extensions §7) and the read's query: one schema each, shared by the route and
// the OpenAPI document.

const slug = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A provider slug: lower-case letters, digits and single dashes.");

export const beaconEventSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("search_impressions"),
      slugs: z.array(slug).min(1).max(100),
      page: z.number().int().min(1).max(10_000),
      sort: z.string().max(40),
    })
    .strict(),
  z.object({ type: z.literal("profile_view"), slug }).strict(),
  z.object({ type: z.literal("website_click"), slug }).strict(),
  z.object({ type: z.literal("contact_open"), slug }).strict(),
]);
export type BeaconEvent = z.infer<typeof beaconEventSchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "Not a calendar date.");

export const analyticsRangeQuerySchema = z
  .object({
    from: isoDay.optional().describe("First day (UTC), inclusive; default 29 days before `to`."),
    to: isoDay.optional().describe("Last day (UTC), inclusive; default today."),
  })
  .strict();
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const count = z.number().int().min(0);
const rate = z.number().min(0).nullable();

export const analyticsDaySchema = z.object({
  date: z.string(),
  searchAppearances: count,
  profileViews: count,
  uniqueVisitors: count,
  websiteClicks: count,
  contactOpens: count,
  inquiriesSubmitted: count,
  inquiriesDelivered: count,
  inquiriesAnswered: count,
  partial: z.boolean().describe("True for today (UTC): its counts are still growing."),
});

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.literal("UTC"),
  days: z.array(analyticsDaySchema),
  totals: z.object({
    searchAppearances: count,
    profileViews: count,
    visitorDays: count.describe("The sum of the daily unique visitors: one visitor on two days counts twice."),
    websiteClicks: count,
    contactOpens: count,
    inquiriesSubmitted: count,
    inquiriesDelivered: count,
    inquiriesAnswered: count,
  }),
  funnel: z.object({
    viewToContactOpen: rate,
    contactOpenToSubmitted: rate,
    submittedToDelivered: rate,
    deliveredToAnswered: rate,
  }),
  previousPeriod: z.object({ profileViews: count, inquiriesDelivered: count }),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;
