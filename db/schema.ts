import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACTOR_TYPES,
  APPLICATION_STAGES,
  APPROVAL_STATUSES,
  CHANGE_REQUEST_FIELDS,
  CHANGE_REQUEST_STATUSES,
  EMAIL_KINDS,
  HOURLY_RATES,
  INQUIRY_BUDGETS,
  INQUIRY_STATUSES,
  INQUIRY_TIMELINES,
  INVITE_STATUSES,
  LISTING_HIDDEN_REASONS,
  MEMBER_ROLES,
  SPECIALTIES,
  TEAM_SIZES,
} from "./enums";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const specialtyEnum = pgEnum("specialty", SPECIALTIES);
export const memberRoleEnum = pgEnum("member_role", MEMBER_ROLES);
export const inviteStatusEnum = pgEnum("invite_status", INVITE_STATUSES);
export const approvalStatusEnum = pgEnum("approval_status", APPROVAL_STATUSES);
export const applicationStageEnum = pgEnum("application_stage", APPLICATION_STAGES);
export const actorTypeEnum = pgEnum("actor_type", ACTOR_TYPES);
export const emailKindEnum = pgEnum("email_kind", EMAIL_KINDS);
export const changeRequestFieldEnum = pgEnum("change_request_field", CHANGE_REQUEST_FIELDS);
export const changeRequestStatusEnum = pgEnum("change_request_status", CHANGE_REQUEST_STATUSES);
export const teamSizeEnum = pgEnum("team_size", TEAM_SIZES);
export const hourlyRateEnum = pgEnum("hourly_rate", HOURLY_RATES);
export const inquiryStatusEnum = pgEnum("inquiry_status", INQUIRY_STATUSES);
export const inquiryBudgetEnum = pgEnum("inquiry_budget", INQUIRY_BUDGETS);
export const inquiryTimelineEnum = pgEnum("inquiry_timeline", INQUIRY_TIMELINES);

/** One past project on a listing, in the order the provider gives (at most 12; see lib/providers/schemas.ts). */
export interface PortfolioItem {
  title: string;
  url: string;
  summary?: string;
  imageUrl?: string;
}

// ---- People (shaped for the Auth.js Drizzle adapter: users, accounts, sessions, verification tokens)

export const users = pgTable("users", {
  id: text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  name: text("name"),
  // Always stored trimmed and lower-cased (see lib/validation/email.ts).
  email: text("email").notNull().unique(),
  emailVerified: timestamptz("email_verified"),
  image: text("image"),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable("sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: timestamptz("expires").notNull(),
});

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamptz("expires").notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

// ---- Providers: the organisation and its public listing in one row.

export const providers = pgTable(
  "providers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    headline: text("headline").notNull().default(""),
    description: text("description").notNull().default(""),
    specialties: specialtyEnum("specialties")
      .array()
      .notNull()
      .default(sql`'{}'::specialty[]`),
    websiteUrl: text("website_url"),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    featured: boolean("featured").notNull().default(false),
    // Profile facts (extensions §1): what a client needs to choose a provider.
    countryCode: text("country_code"),
    city: text("city"),
    remote: boolean("remote").notNull().default(true),
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    teamSize: teamSizeEnum("team_size"),
    hourlyRate: hourlyRateEnum("hourly_rate"),
    minProjectBudget: integer("min_project_budget"),
    foundedYear: integer("founded_year"),
    acceptingClients: boolean("accepting_clients").notNull().default(true),
    portfolio: jsonb("portfolio").$type<PortfolioItem[]>().notNull().default([]),
    publicProfile: boolean("public_profile").notNull().default(false),
    publishedAt: timestamptz("published_at"),
    approvalStatus: approvalStatusEnum("approval_status").notNull().default("PENDING"),
    approvedAt: timestamptz("approved_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    // Freshness (extensions §6): when the provider last said its details are true. Migration 0011
    // backfills it from updated_at.
    confirmedAt: timestamptz("confirmed_at").notNull().defaultNow(),
    // Set with public_profile = false when the freshness clock hid the listing (so every listing
    // index and trigger already treats it as unpublished); cleared by confirm or the provider's unpublish.
    hiddenReason: text("hidden_reason", { enum: LISTING_HIDDEN_REASONS }),
    staleHiddenAt: timestamptz("stale_hidden_at"),
    // Ranking (extensions §5), written by lib/ranking: the score, its weekly tie-break key, the
    // components it came from and when. Null until first computed (sorted last).
    rankScore: numeric("rank_score", { precision: 5, scale: 4, mode: "number" }),
    // Read as a JS number (it may round past 2^53): the order is decided in SQL, never in JS.
    rankRotation: bigint("rank_rotation", { mode: "number" }),
    rankComponents: jsonb("rank_components").$type<Record<string, unknown>>(),
    rankComputedAt: timestamptz("rank_computed_at"),
  },
  (t) => [
    // Serves the public directory order (featured, newest, slug) over listed providers only.
    // Migrations 0002 and 0005 rebuild it with INCLUDE (the card columns and the filterable facts),
    // which drizzle cannot express, so every list page is an index-only scan; keep that if this index
    // changes. Migration 0005 also adds, in SQL only: providers_listed_newest_idx, _name_idx,
    // _country_idx, _languages_idx (GIN) and _search_idx (GIN over the generated search_vector);
    // migration 0011 adds providers_listed_rank_idx (sort=recommended), built the same way.
    index("providers_listed_order_idx")
      .on(t.featured.desc(), t.publishedAt.desc(), t.slug)
      .where(sql`approval_status = 'APPROVED' and public_profile`),
    index("providers_specialties_idx").using("gin", t.specialties),
    // The API validates these against ISO lists and bounds; the database refuses what no valid input makes.
    check("providers_country_code_check", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check("providers_min_project_budget_check", sql`${t.minProjectBudget} between 0 and 10000000`),
    check("providers_founded_year_check", sql`${t.foundedYear} >= 1800`),
    check("providers_portfolio_is_array_check", sql`jsonb_typeof(${t.portfolio}) = 'array'`),
    check("providers_hidden_reason_check", sql`${t.hiddenReason} is null or not ${t.publicProfile}`),
  ],
);

// ---- Public listing bookkeeping, maintained only by the triggers in migration 0002 (never by the app).

// Exact directory totals per filter, so a list request reads one row instead of counting the set.
// specialty '' means any specialty; featuredOnly false counts every listed provider.
export const providerListingCounts = pgTable(
  "provider_listing_counts",
  {
    specialty: text("specialty").notNull(),
    featuredOnly: boolean("featured_only").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.specialty, t.featuredOnly] })],
);

// How many listed providers have each country and each language (migration 0008, kept by statement
// triggers like provider_listing_counts): the directory offers only the countries and languages some
// listed provider has, and a list filtered by one country or one language alone reads its total here.
export const providerListingFacets = pgTable(
  "provider_listing_facets",
  {
    facet: text("facet", { enum: ["country", "language"] }).notNull(),
    value: text("value").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.value] })],
);

// How many listed providers have a search word starting with each prefix (migration 0010, kept by
// the listing triggers): a search for one word alone reads its exact total here instead of counting
// its matches, which for a common prefix means reading a third of the catalogue.
export const providerSearchPrefixes = pgTable("provider_search_prefixes", {
  prefix: text("prefix").primaryKey(),
  total: integer("total").notNull(),
});

// One row: changes whenever anything the public sees of a provider changes, in the same transaction.
// App instances key their caches of public answers by it, so a committed change is public at once
// on every instance. Values come from a sequence, so a rolled-back change never reuses one.
export const providerListingState = pgTable("provider_listing_state", {
  id: integer("id").primaryKey(),
  version: text("version").notNull(),
});

// What changed, one row per changed listed provider, written by the same triggers (migration 0007):
// an instance that sees a newer version reads the rows since the last it applied and drops only the
// cached answers they touch (lib/listing-cache/listing-changes.ts). `seq` comes from the version's
// sequence and is taken under the version row's lock, so rows appear in commit order and the version
// is the seq of the newest row. `before`/`after`: what decides list membership and order
// (null: not listed). A row without provider is "everything changed" (a bulk statement, a truncate, a
// bump by hand, or the newest row a trim removed). Rows older than an hour are trimmed (maintenance).
export const providerListingChanges = pgTable("provider_listing_changes", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  providerId: uuid("provider_id"),
  before: jsonb("before"),
  after: jsonb("after"),
  searchChanged: boolean("search_changed").notNull().default(false),
  // The listed provider's search words (its search_vector's lexemes) before and after, when the
  // searched text changed (migration 0009): a cached search is dropped only if it matched either.
  searchBefore: text("search_before").array(),
  searchAfter: text("search_after").array(),
  changedAt: timestamptz("changed_at").notNull().defaultNow(),
});

export const providerMembers = pgTable(
  "provider_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: memberRoleEnum("role").notNull().default("MEMBER"),
    inviteEmail: text("invite_email").notNull(),
    inviteStatus: inviteStatusEnum("invite_status").notNull().default("PENDING"),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    inviteExpiresAt: timestamptz("invite_expires_at"),
    acceptedAt: timestamptz("accepted_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    // One active membership per user and provider; removed rows stay as history.
    uniqueIndex("provider_members_active_unique")
      .on(t.providerId, t.userId)
      .where(sql`revoked_at is null`),
    index("provider_members_provider_idx").on(t.providerId, t.createdAt),
    index("provider_members_user_idx").on(t.userId),
  ],
);

// Name and slug changes asked for in the studio; an admin approves or declines them.
export const providerChangeRequests = pgTable(
  "provider_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    field: changeRequestFieldEnum("field").notNull(),
    currentValue: text("current_value").notNull(),
    requestedValue: text("requested_value").notNull(),
    status: changeRequestStatusEnum("status").notNull().default("PENDING"),
    requestedByUserId: text("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    decisionNote: text("decision_note"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // At most one open request per provider and field; a new request replaces nothing silently.
    uniqueIndex("provider_change_requests_open_unique")
      .on(t.providerId, t.field)
      .where(sql`status = 'PENDING'`),
    index("provider_change_requests_status_idx").on(t.status, t.createdAt),
  ],
);

// Old slugs of providers whose slug changed: the profile page and the API answer 301 to the new one.
export const providerSlugRedirects = pgTable(
  "provider_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("provider_slug_redirects_provider_idx").on(t.providerId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Visible start of the key (e.g. "prk_AbCd1234"), for people to recognise it; never enough to use it.
    prefix: text("prefix").notNull(),
    // SHA-256 of the whole key; the key itself is never stored.
    keyHash: text("key_hash").notNull().unique(),
    // Role for keys made outside the studio (the CLI makes OWNER keys); studio keys follow their creator.
    role: memberRoleEnum("role").notNull(),
    createdByMemberId: uuid("created_by_member_id").references(() => providerMembers.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastUsedAt: timestamptz("last_used_at"),
    expiresAt: timestamptz("expires_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("api_keys_provider_idx").on(t.providerId, t.createdAt)],
);

// ---- Interest applications

export const interestApplications = pgTable(
  "interest_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    companyName: text("company_name"),
    specialties: specialtyEnum("specialties")
      .array()
      .notNull()
      .default(sql`'{}'::specialty[]`),
    description: text("description").notNull(),
    portfolioLinks: text("portfolio_links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    referralSource: text("referral_source"),
    stage: applicationStageEnum("stage").notNull().default("AWAITING_VERIFICATION"),
    // SHA-256 of the emailed token; the token itself is never stored.
    tokenHash: text("token_hash").notNull().unique(),
    tokenExpiresAt: timestamptz("token_expires_at").notNull(),
    verifiedAt: timestamptz("verified_at"),
    decidedAt: timestamptz("decided_at"),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    providerId: uuid("provider_id").references(() => providers.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("interest_applications_email_idx").on(t.email, t.createdAt),
    index("interest_applications_stage_idx").on(t.stage, t.createdAt),
  ],
);

// ---- Inquiries: a visitor contacts a provider (extensions §3). Delivered only once the sender confirms.

export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    senderName: text("sender_name").notNull(),
    // Stored as typed (normalised); limits count mailboxKey(email), never this column.
    senderEmail: text("sender_email").notNull(),
    senderCompany: text("sender_company"),
    budget: inquiryBudgetEnum("budget"),
    timeline: inquiryTimelineEnum("timeline"),
    message: text("message").notNull(),
    status: inquiryStatusEnum("status").notNull().default("AWAITING_VERIFICATION"),
    // SHA-256 of the emailed confirmation token; the token itself is never stored.
    tokenHash: text("token_hash").notNull().unique(),
    tokenExpiresAt: timestamptz("token_expires_at").notNull(),
    // The client IP as the rate limit saw it (lib/http/client-ip.ts), for an admin looking at abuse.
    senderIp: text("sender_ip"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    deliveredAt: timestamptz("delivered_at"),
    // When the inquiry first left NEW (replied, archived or spam): the responsiveness measure.
    firstResponseAt: timestamptz("first_response_at"),
    // When the 24-hour reminder went out, so it goes once.
    remindedAt: timestamptz("reminded_at"),
    statusChangedAt: timestamptz("status_changed_at"),
    // The provider's mark that the engagement happened (extensions §4): it schedules the review
    // invitation earlier and labels the review "confirmed by both". Set by an OWNER or ADMIN.
    engagedAt: timestamptz("engaged_at"),
    engagedByMemberId: uuid("engaged_by_member_id").references(() => providerMembers.id, { onDelete: "set null" }),
    // Set when the sender asked to be erased (extensions §9): the texts and address are gone; status
    // and dates stay, so responsiveness does not change.
    erasedAt: timestamptz("erased_at"),
  },
  (t) => [
    // The studio's and the API's list: one provider's delivered inquiries, by status, newest first.
    index("inquiries_provider_status_idx")
      .on(t.providerId, t.status, t.deliveredAt.desc())
      .where(sql`delivered_at is not null`),
    index("inquiries_provider_delivered_idx")
      .on(t.providerId, t.deliveredAt.desc())
      .where(sql`delivered_at is not null`),
    // The reminder sweep: NEW inquiries not yet reminded, oldest first.
    index("inquiries_reminder_due_idx")
      .on(t.deliveredAt)
      .where(sql`status = 'NEW' and reminded_at is null`),
    // The admin's spam list across providers.
    index("inquiries_spam_idx").on(t.statusChangedAt.desc()).where(sql`status = 'SPAM'`),
    check("inquiries_delivered_check", sql`(${t.status} = 'AWAITING_VERIFICATION') = (${t.deliveredAt} is null)`),
  ],
);

// Responsiveness per provider (extensions §3), maintained in the transactions that deliver an inquiry
// or change its status, and refreshed by the reminder sweep as the 90-day window moves; read as is.
export const providerResponsiveness = pgTable("provider_responsiveness", {
  providerId: uuid("provider_id")
    .primaryKey()
    .references(() => providers.id, { onDelete: "cascade" }),
  sample: integer("sample").notNull(),
  responded: integer("responded").notNull(),
  // Null when nothing was answered yet.
  medianHours: doublePrecision("median_hours"),
  computedAt: timestamptz("computed_at").notNull().defaultNow(),
});

// ---- Email outbox: written in the transaction that causes the email, sent by lib/email/dispatcher.

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: emailKindEnum("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    // Where replies go when not to us: an inquiry's notification answers its sender.
    replyTo: text("reply_to"),
    // Bodies may carry secrets (verification links); they are cleared once the email is sent.
    text: text("text"),
    html: text("html"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lockedUntil: timestamptz("locked_until"),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamptz("sent_at"),
    failedAt: timestamptz("failed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

// Local mailbox transport (development and tests): what would have been delivered.
export const devMailbox = pgTable(
  "dev_mailbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outboxId: uuid("outbox_id").notNull().unique(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    replyTo: text("reply_to"),
    text: text("text").notNull(),
    html: text("html"),
    links: text("links").array().notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("dev_mailbox_to_idx").on(t.to, t.createdAt)],
);

// ---- Rate limiting: a sliding-window log, serialised per key with an advisory lock.

export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "<scope>:<sha256 of the subject>" (lib/rate-limit/consume-rate-limit.ts): bounded, whatever the input.
    key: text("key").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    // When the hit stops counting (created_at + the limit's window): purgeExpiredRateLimitHits deletes after it.
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("rate_limit_hits_key_idx").on(t.key, t.createdAt),
    index("rate_limit_hits_expires_idx").on(t.expiresAt),
  ],
);

// ---- Audit trail of every write made with an API key, by an admin or by the operator CLI.

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id").references(() => providers.id, { onDelete: "set null" }),
    actorType: actorTypeEnum("actor_type").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    requestId: text("request_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_provider_idx").on(t.providerId, t.createdAt),
    index("audit_events_created_idx").on(t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Provider = typeof providers.$inferSelect;
export type ProviderMember = typeof providerMembers.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type InterestApplication = typeof interestApplications.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type Inquiry = typeof inquiries.$inferSelect;
export type ProviderChangeRequest = typeof providerChangeRequests.$inferSelect;
