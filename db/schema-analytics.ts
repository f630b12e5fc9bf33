import { sql } from "drizzle-orm";
import { bigint, check, customType, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PROVIDER_EXPORT_FORMATS, PROVIDER_EXPORT_STATUSES } from "./enums";
import { providers, users } from "./schema";

// Provider analytics without tracking (extensions §7) and provider exports (§9). Kept apart from
// schema.ts; drizzle.config.ts reads every schema file.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const counter = (name: string) => integer(name).notNull().default(0);
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// One row per provider and UTC day: the beacon's counts (flushed by each instance every 10 s as one
// additive upsert) and the inquiry counts (incremented in the inquiry transactions). Kept 25 months.
export const providerDailyStats = pgTable(
  "provider_daily_stats",
  {
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    searchAppearances: counter("search_appearances"),
    profileViews: counter("profile_views"),
    uniqueVisitors: counter("unique_visitors"),
    websiteClicks: counter("website_clicks"),
    contactOpens: counter("contact_opens"),
    inquiriesSubmitted: counter("inquiries_submitted"),
    inquiriesDelivered: counter("inquiries_delivered"),
    inquiriesAnswered: counter("inquiries_answered"),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.day] }), index("provider_daily_stats_day_idx").on(t.day)],
);

// 32 random bytes per UTC day that key the visitor hash; deleted after 2 days, so yesterday's keys
// cannot be recomputed from today's requests.
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

// Which visitor keys were already counted for a provider on a day (the uniques); deleted after 2 days.
export const analyticsDailySeen = pgTable(
  "analytics_daily_seen",
  {
    day: date("day", { mode: "string" }).notNull(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.providerId, t.visitorKey] })],
);

// A provider's data export (§9): made by the export job, downloadable for 7 days.
export const providerExports = pgTable(
  "provider_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    format: text("format", { enum: PROVIDER_EXPORT_FORMATS }).notNull(),
    status: text("status", { enum: PROVIDER_EXPORT_STATUSES }).notNull().default("PENDING"),
    requestedByUserId: text("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    readyAt: timestamptz("ready_at"),
    expiresAt: timestamptz("expires_at"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    // The zip itself; cleared when the export expires.
    archive: bytea("archive"),
    failureDetail: text("failure_detail"),
  },
  (t) => [
    index("provider_exports_provider_created_idx").on(t.providerId, t.createdAt),
    check("provider_exports_ready_has_dates", sql`${t.status} <> 'READY' or (${t.readyAt} is not null and ${t.expiresAt} is not null)`),
  ],
);

export type ProviderExportRow = typeof providerExports.$inferSelect;
