import { and, between, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerDailyStats } from "@/db/schema-analytics";
import { AppError } from "@/lib/errors";
import type { AnalyticsDay, AnalyticsRangeQuery, AnalyticsReport } from "./schemas";
import { addDays, daysBetween, monthsBefore, utcDay } from "./utc-day";

export const ANALYTICS_MAX_RANGE_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** provider_daily_stats keeps this many months; an older `from` has nothing to show. */
export const ANALYTICS_RETENTION_MONTHS = 25;

const DAY_FIELDS = [
  "searchAppearances",
  "profileViews",
  "uniqueVisitors",
  "websiteClicks",
  "contactOpens",
  "inquiriesSubmitted",
  "inquiriesDelivered",
  "inquiriesAnswered",
] as const;

const invalid = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", message, { errors: [{ path, message }] });

/** The period asked for, checked: default the last 30 days ending today; ≤ 366 days; within retention. */
export function analyticsRange(query: AnalyticsRangeQuery, now: Date): { from: string; to: string } {
  const today = utcDay(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (to < from) throw invalid("to", "`to` must not be before `from`.");
  if (daysBetween(from, to) > ANALYTICS_MAX_RANGE_DAYS) throw invalid("from", `A period is at most ${ANALYTICS_MAX_RANGE_DAYS} days.`);
  if (from < monthsBefore(today, ANALYTICS_RETENTION_MONTHS)) {
    throw invalid("from", `Counts are kept ${ANALYTICS_RETENTION_MONTHS} months: \`from\` must not be older.`);
  }
  return { from, to };
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

/**
 * A provider's daily counts for a period (every day present, zeros included, today partial), their
 * totals (uniques summed as visitor-days), the funnel's rates (null on a zero denominator) and the
 * period just before, for comparison. With `providerId: null`, the platform's totals (the admin console).
 */
export async function getProviderAnalytics(
  db: Db,
  params: { providerId: string | null; query: AnalyticsRangeQuery; now?: Date },
): Promise<AnalyticsReport> {
  const now = params.now ?? new Date();
  const { from, to } = analyticsRange(params.query, now);
  const today = utcDay(now);
  const mine = params.providerId === null ? undefined : eq(providerDailyStats.providerId, params.providerId);
  // Summed per day: one row per day for a provider, and the platform's totals when no provider is named.
  const rows = await db
    .select({
      day: providerDailyStats.day,
      ...Object.fromEntries(DAY_FIELDS.map((f) => [f, sql<number>`sum(${providerDailyStats[f]})::int`])),
    } as { day: typeof providerDailyStats.day } & Record<(typeof DAY_FIELDS)[number], SQL<number>>)
    .from(providerDailyStats)
    .where(and(mine, between(providerDailyStats.day, from, to)))
    .groupBy(providerDailyStats.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: AnalyticsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const counts = Object.fromEntries(DAY_FIELDS.map((f) => [f, Number(row?.[f] ?? 0)])) as Record<(typeof DAY_FIELDS)[number], number>;
    days.push({ date: day, ...counts, partial: day >= today });
  }
  const sum = (field: (typeof DAY_FIELDS)[number]) => days.reduce((total, d) => total + d[field], 0);
  const totals = {
    searchAppearances: sum("searchAppearances"),
    profileViews: sum("profileViews"),
    visitorDays: sum("uniqueVisitors"),
    websiteClicks: sum("websiteClicks"),
    contactOpens: sum("contactOpens"),
    inquiriesSubmitted: sum("inquiriesSubmitted"),
    inquiriesDelivered: sum("inquiriesDelivered"),
    inquiriesAnswered: sum("inquiriesAnswered"),
  };
  const length = daysBetween(from, to);
  const [previous] = await db
    .select({
      profileViews: sql<number>`coalesce(sum(${providerDailyStats.profileViews}), 0)::int`,
      inquiriesDelivered: sql<number>`coalesce(sum(${providerDailyStats.inquiriesDelivered}), 0)::int`,
    })
    .from(providerDailyStats)
    .where(and(mine, between(providerDailyStats.day, addDays(from, -length), addDays(from, -1))));
  return {
    from,
    to,
    timezone: "UTC",
    days,
    totals,
    funnel: {
      viewToContactOpen: ratio(totals.contactOpens, totals.profileViews),
      contactOpenToSubmitted: ratio(totals.inquiriesSubmitted, totals.contactOpens),
      submittedToDelivered: ratio(totals.inquiriesDelivered, totals.inquiriesSubmitted),
      deliveredToAnswered: ratio(totals.inquiriesAnswered, totals.inquiriesDelivered),
    },
    previousPeriod: { profileViews: Number(previous?.profileViews ?? 0), inquiriesDelivered: Number(previous?.inquiriesDelivered ?? 0) },
  };
}

/** The report's days as CSV (RFC 4180: a header row, CRLF line ends; every value is a date, number or boolean). */
export function analyticsCsv(report: AnalyticsReport): string {
  const header = ["date", ...DAY_FIELDS, "partial"];
  const lines = [header.join(","), ...report.days.map((d) => [d.date, ...DAY_FIELDS.map((f) => d[f]), d.partial].join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
