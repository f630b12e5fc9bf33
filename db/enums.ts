// Value sets shared by the database schema, the zod input schemas and the OpenAPI document.
// Plain constants (no drizzle import) so client components can use them too.

export const SPECIALTIES = [
  "DEVELOPMENT",
  "DESIGN",
  "MARKETING",
  "CONSULTING",
  "DATA",
  "DEVOPS",
  "OTHER",
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const MEMBER_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const INVITE_STATUSES = ["PENDING", "ACCEPTED"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const APPROVAL_STATUSES = ["PENDING", "APPROVED", "SUSPENDED"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPLICATION_STAGES = ["AWAITING_VERIFICATION", "IN_REVIEW", "APPROVED", "REJECTED"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const ACTOR_TYPES = ["API_KEY", "USER", "ADMIN", "CLI", "SYSTEM"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const EMAIL_KINDS = [
  "VERIFICATION",
  "APPROVAL",
  "REJECTION",
  "INVITATION",
  "SIGN_IN",
  "INQUIRY_CONFIRMATION",
  "INQUIRY_NOTIFICATION",
  "INQUIRY_REMINDER",
  // Freshness (extensions §6).
  "LISTING_CONFIRM_REMINDER",
  "LISTING_STALE",
  "LISTING_HIDDEN",
  "LISTING_CONFIRM_REQUEST",
  "LISTING_REPORTS_DIGEST",
  "LISTING_REPORT_OUTCOME",
  // Reviews (extensions §4).
  "REVIEW_INVITATION",
  "REVIEW_REMINDER",
  "REVIEW_RECEIVED",
  "REVIEW_PUBLISHED",
  "REVIEW_REJECTED",
  "REVIEW_REPLY",
  "REVIEW_DISPUTE_REQUEST",
  "REVIEW_DISPUTE_DECIDED",
  // Visitor privacy requests (extensions §9).
  "PRIVACY_CONFIRM",
  "PRIVACY_ACCESS_READY",
  "PRIVACY_ERASURE_NOTICE",
  // Webhooks (extensions §8).
  "WEBHOOK_FAILING",
  "WEBHOOK_DISABLED",
  // Provider data export (extensions §9).
  "EXPORT_READY",
  // The console's oversight: a suspension and a reinstatement, to the provider's owners (issue 31).
  "PROVIDER_SUSPENDED",
  "PROVIDER_REINSTATED",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What a provider may ask an admin to change: these change its public identity, so they wait for review. */
export const CHANGE_REQUEST_FIELDS = ["NAME", "SLUG"] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];

export const CHANGE_REQUEST_STATUSES = ["PENDING", "APPROVED", "DECLINED", "WITHDRAWN"] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Team size bands a provider may state on its listing (extensions §1). */
export const TEAM_SIZES = ["1", "2-9", "10-49", "50-249", "250+"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** Hourly rate bands, in US dollars (extensions §1). */
export const HOURLY_RATES = ["<25", "25-49", "50-99", "100-149", "150-199", "200+"] as const;
export type HourlyRate = (typeof HOURLY_RATES)[number];

/** An inquiry's life (extensions §3): awaiting the sender's email confirmation, then the provider's statuses. */
export const INQUIRY_STATUSES = ["AWAITING_VERIFICATION", "NEW", "REPLIED", "ARCHIVED", "SPAM"] as const;

/** The statuses a provider sees and sets: every delivered inquiry has one of these. */
export const DELIVERED_INQUIRY_STATUSES = ["NEW", "REPLIED", "ARCHIVED", "SPAM"] as const;
export type DeliveredInquiryStatus = (typeof DELIVERED_INQUIRY_STATUSES)[number];

/** Budget bands a sender may pick, in US dollars (extensions §3). */
export const INQUIRY_BUDGETS = ["<5k", "5k-25k", "25k-100k", "100k+", "unsure"] as const;
export type InquiryBudget = (typeof INQUIRY_BUDGETS)[number];

export const INQUIRY_TIMELINES = ["asap", "1-3-months", "3-6-months", "exploring"] as const;
export type InquiryTimeline = (typeof INQUIRY_TIMELINES)[number];

/** Why a listing the provider published is not public now: only the freshness clock hides one (extensions §6). */
export const LISTING_HIDDEN_REASONS = ["STALE"] as const;

/** What a visitor may report about a listing (extensions §6). */
export const LISTING_REPORT_CATEGORIES = ["WEBSITE_BROKEN", "CONTACT_FAILS", "OUT_OF_BUSINESS", "WRONG_FACTS", "OTHER"] as const;
export type ListingReportCategory = (typeof LISTING_REPORT_CATEGORIES)[number];

export const LISTING_REPORT_STATUSES = ["OPEN", "RESOLVED", "DISMISSED"] as const;
export type ListingReportStatus = (typeof LISTING_REPORT_STATUSES)[number];

/** How a provider closes a report: FIXED also confirms the listing. */
export const LISTING_REPORT_RESOLUTIONS = ["FIXED", "NOT_AN_ISSUE"] as const;
export type ListingReportResolution = (typeof LISTING_REPORT_RESOLUTIONS)[number];

/** The freshness clock's emails, one per stage per confirmation (extensions §6). */
export const FRESHNESS_STAGES = ["REMINDER_150", "REMINDER_173", "STALE_180", "HIDDEN_210"] as const;
export type FreshnessStage = (typeof FRESHNESS_STAGES)[number];

// ---- Reviews bound to a real engagement (extensions §4)

/** What scheduled a review invitation: the provider's engagement mark, or the 45-day check-in. */
export const REVIEW_INVITATION_TRIGGERS = ["ENGAGED", "CHECKIN"] as const;
export type ReviewInvitationTrigger = (typeof REVIEW_INVITATION_TRIGGERS)[number];

/** Why the sweep decided not to invite an inquiry's sender (kept on the invitation row, never emailed). */
export const REVIEW_INVITATION_SKIPS = ["SPAM", "CONFLICT", "RECENT_REVIEW", "OPTED_OUT"] as const;
export type ReviewInvitationSkip = (typeof REVIEW_INVITATION_SKIPS)[number];

/** The invitation as an inquiry shows it (the Inquiry object's `reviewInvitation.status`). */
export const REVIEW_INVITATION_STATUSES = ["SCHEDULED", "SENT", "REVIEWED", "DECLINED", "EXPIRED", "NOT_ELIGIBLE"] as const;
export type ReviewInvitationStatus = (typeof REVIEW_INVITATION_STATUSES)[number];

export const REVIEW_DECLINE_REASONS = ["NOT_HIRED", "NO_THANKS"] as const;
export type ReviewDeclineReason = (typeof REVIEW_DECLINE_REASONS)[number];

export const REVIEW_STATUSES = ["PENDING", "PUBLISHED", "REJECTED", "REMOVED", "WITHDRAWN"] as const;

export const REVIEW_PROJECT_STATUSES = ["ONGOING", "COMPLETED", "ENDED_EARLY"] as const;
export type ReviewProjectStatus = (typeof REVIEW_PROJECT_STATUSES)[number];

export const REVIEW_DISPLAYS = ["NAME_AND_COMPANY", "NAME_ONLY", "INITIALS"] as const;
export type ReviewDisplay = (typeof REVIEW_DISPLAYS)[number];

export const REVIEW_VERIFICATIONS = ["CONFIRMED_BY_BOTH", "STATED_BY_CLIENT"] as const;

/** What holds a pending review for an admin instead of publishing it after the cool-off (never the rating). */
export const REVIEW_FLAGS = ["BURST", "LATE_SPAM", "CONTACT_DETAILS"] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

export const REVIEW_REJECT_REASONS = [
  "CONFLICT_OF_INTEREST",
  "NOT_A_REAL_ENGAGEMENT",
  "ABUSIVE",
  "PERSONAL_DATA",
  "SPAM",
  "OTHER",
] as const;
export type ReviewRejectReason = (typeof REVIEW_REJECT_REASONS)[number];

export const REVIEW_REPORT_REASONS = ["FAKE", "CONFLICT", "ABUSIVE", "PERSONAL_DATA", "OTHER"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

export const REVIEW_REPORT_STATUSES = ["OPEN", "CLOSED"] as const;

export const REVIEW_DISPUTE_REASONS = ["NO_ENGAGEMENT", "CONFLICT_OF_INTEREST", "PERSONAL_DATA", "ABUSIVE"] as const;
export type ReviewDisputeReason = (typeof REVIEW_DISPUTE_REASONS)[number];

/** OPEN until an admin upholds or rejects it, or EXPIRED at dueAt with no decision (ties go to the reviewer). */
export const REVIEW_DISPUTE_STATUSES = ["OPEN", "UPHELD", "REJECTED", "EXPIRED"] as const;
export type ReviewDisputeStatus = (typeof REVIEW_DISPUTE_STATUSES)[number];

export const PROVIDER_NOTICE_KINDS = ["REVIEW_MANIPULATION"] as const;
export type ProviderNoticeKind = (typeof PROVIDER_NOTICE_KINDS)[number];

// ---- Visitor privacy requests (extensions §9)

export const PRIVACY_REQUEST_KINDS = ["ACCESS", "ERASE"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

// ---- Webhooks (extensions §8)

/** Every event a message can carry. `webhook.test` is sent by the test button, never subscribed to. */
export const WEBHOOK_EVENT_TYPES = [
  "inquiry.created",
  "inquiry.updated",
  "inquiry.erased",
  "listing.published",
  "listing.unpublished",
  "listing.updated",
  "review.published",
  "webhook.test",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an endpoint may subscribe to. */
export const WEBHOOK_SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (t): t is Exclude<WebhookEventType, "webhook.test"> => t !== "webhook.test",
);

/** GONE: the receiver answered 410. FAILING: no success for 5 days with a FAILED delivery. */
export const WEBHOOK_DISABLED_REASONS = ["GONE", "FAILING"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** CANCELLED: the endpoint was deleted or disabled before the delivery succeeded or ran out of attempts. */
export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an attempt failed; null when it got a response (its status code says the rest). */
export const WEBHOOK_ATTEMPT_ERRORS = [
  "TIMEOUT",
  "DNS",
  "DESTINATION_NOT_PUBLIC",
  "TLS",
  "CONNECTION",
  "REDIRECT",
  "RESPONSE_TOO_LARGE",
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

// ---- Provider exports (extensions §9)

export const PROVIDER_EXPORT_FORMATS = ["json", "csv"] as const;
export type ProviderExportFormat = (typeof PROVIDER_EXPORT_FORMATS)[number];

export const PROVIDER_EXPORT_STATUSES = ["PENDING", "READY", "FAILED", "EXPIRED"] as const;
