import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  FRESHNESS_STAGES,
  LISTING_REPORT_CATEGORIES,
  LISTING_REPORT_RESOLUTIONS,
  LISTING_REPORT_STATUSES,
} from "./enums";
import { providers, users } from "./schema";

// Freshness and reports of outdated information (extensions §6). Kept apart from schema.ts, which is
// long enough; drizzle.config.ts reads both.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// One row per email the freshness clock sent, keyed by the confirmation it counted from: the sweep
// inserts before it queues, so two sweeps at once send each email once, and a new confirmation
// starts a new series.
export const providerFreshnessNotices = pgTable(
  "provider_freshness_notices",
  {
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: FRESHNESS_STAGES }).notNull(),
    confirmedAt: timestamptz("confirmed_at").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.stage, t.confirmedAt] })],
);

// The confirm link in freshness emails: hashed, single use, 30 days. It can only confirm.
export const listingConfirmTokens = pgTable(
  "listing_confirm_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("listing_confirm_tokens_provider_idx").on(t.providerId), index("listing_confirm_tokens_expires_idx").on(t.expiresAt)],
);

// A visitor's (or the system's) report that a listing is out of date. The reporter's IP key and
// email are for limits, escalation and the one outcome email; they never reach the provider.
export const listingReports = pgTable(
  "listing_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    category: text("category", { enum: LISTING_REPORT_CATEGORIES }).notNull(),
    fields: text("fields").array().notNull().default(sql`'{}'::text[]`),
    note: text("note"),
    reporterEmail: text("reporter_email"),
    // "<sha256 of the client IP>" for a visitor; null for a report the system made.
    reporterKey: text("reporter_key"),
    status: text("status", { enum: LISTING_REPORT_STATUSES }).notNull().default("OPEN"),
    resolution: text("resolution", { enum: LISTING_REPORT_RESOLUTIONS }),
    resolutionNote: text("resolution_note"),
    resolvedByUserId: text("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    resolvedAt: timestamptz("resolved_at"),
    // When the provider's daily digest listed it, and when its reporter was told the outcome.
    digestedAt: timestamptz("digested_at"),
    outcomeEmailedAt: timestamptz("outcome_emailed_at"),
    system: boolean("system").notNull().default(false),
  },
  (t) => [
    index("listing_reports_provider_status_idx").on(t.providerId, t.status, t.createdAt.desc()),
    index("listing_reports_undigested_idx").on(t.providerId).where(sql`digested_at is null`),
    index("listing_reports_reporter_idx").on(t.providerId, t.reporterKey, t.category, t.createdAt),
    check("listing_reports_resolution_check", sql`(${t.status} = 'RESOLVED') = (${t.resolution} is not null)`),
  ],
);

// An escalation (3 distinct reporters of OUT_OF_BUSINESS or CONTACT_FAILS in 30 days): the provider
// was asked to confirm by the deadline, or the listing is hidden as STALE. Closed by confirm, FIXED or
// an admin's dismissal.
export const listingReportEscalations = pgTable(
  "listing_report_escalations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    requestedAt: timestamptz("requested_at").notNull().defaultNow(),
    deadlineAt: timestamptz("deadline_at").notNull(),
    closedAt: timestamptz("closed_at"),
    closedReason: text("closed_reason", { enum: ["CONFIRMED", "FIXED", "DISMISSED", "HIDDEN"] }),
    closedByUserId: text("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // At most one open escalation per provider.
    uniqueIndex("listing_report_escalations_open_idx").on(t.providerId).where(sql`closed_at is null`),
    index("listing_report_escalations_deadline_idx").on(t.deadlineAt).where(sql`closed_at is null`),
  ],
);
