// Every number of the review rules (extensions §4), in one place the domain, the pages, the emails
// and the API document read. Plain constants: client components import them too.

/** A SPAM mark within this long of delivery makes the inquiry ineligible; a later one does not. */
export const REVIEW_SPAM_GRACE_HOURS = 72;
/** With the provider's engagement mark: invited at max(engagedAt + 21 d, deliveredAt + 7 d). */
export const REVIEW_INVITE_AFTER_ENGAGED_DAYS = 21;
export const REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS = 7;
/** Without it: the check-in at deliveredAt + 45 d. */
export const REVIEW_CHECKIN_AFTER_DAYS = 45;
/** One reminder this long after the invitation, if it is still unused. */
export const REVIEW_REMINDER_AFTER_DAYS = 10;
/** How long the invitation's link works. */
export const REVIEW_INVITE_TTL_DAYS = 90;
/** A sender with a published review of the provider from this window is not invited again. */
export const REVIEW_REPEAT_WINDOW_MONTHS = 12;

/** Every review waits this long before it publishes (Shopify's "brief delay"). */
export const REVIEW_COOLOFF_HOURS = 24;
/** More than this many reviews for one provider within REVIEW_BURST_WINDOW_HOURS holds them for an admin. */
export const REVIEW_BURST_LIMIT = 5;
export const REVIEW_BURST_WINDOW_HOURS = 24;
/** The reviewer's private edit link. */
export const REVIEW_EDIT_TTL_DAYS = 30;

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 50;
export const REVIEW_BODY_MAX = 5000;
/** At most this many URLs in a review body; they are shown defanged, never as links. */
export const REVIEW_BODY_MAX_URLS = 2;
export const REVIEWER_NAME_MAX = 200;
export const REVIEWER_ROLE_MAX = 100;
export const REVIEWER_COMPANY_MAX = 200;
export const REVIEW_INCENTIVE_MIN = 10;
export const REVIEW_INCENTIVE_MAX = 200;

/** Averages and sub-ratings are shown from this many ratings on (null below). */
export const REVIEW_STATS_MIN_COUNT = 3;
/** JSON-LD aggregateRating from this many published reviews on. */
export const REVIEW_AGGREGATE_RATING_MIN = 3;

export const REVIEW_REPLY_MAX = 2000;
/** A reply may be edited for this long after it was written. */
export const REVIEW_REPLY_EDIT_MINUTES = 60;

export const REVIEW_REPORT_NOTE_MIN = 10;
export const REVIEW_REPORT_NOTE_MAX = 1000;
/** Review reports per client IP per hour (and one per IP per review). */
export const REVIEW_REPORTS_PER_IP_PER_HOUR = 5;

export const REVIEW_DISPUTE_NOTE_MIN = 20;
export const REVIEW_DISPUTE_NOTE_MAX = 2000;
export const REVIEW_DISPUTE_ANSWER_MAX = 2000;
/** An admin decides within this long, or the label is removed and the review stays. */
export const REVIEW_DISPUTE_DECISION_DAYS = 14;
export const REVIEW_DISPUTES_OPEN_MAX = 3;
export const REVIEW_DISPUTES_PER_WINDOW = 10;
export const REVIEW_DISPUTE_WINDOW_DAYS = 90;
/** This many rejected disputes within the window suspend a provider's disputes for DISPUTE_SUSPENSION_DAYS. */
export const REVIEW_DISPUTES_REJECTED_TO_SUSPEND = 3;
export const REVIEW_DISPUTE_SUSPENSION_DAYS = 90;

/** Manipulation notices stay at most this long (G2 keeps alerts 90 days after resolution). */
export const PROVIDER_NOTICE_MAX_DAYS = 365;
export const PROVIDER_NOTICE_BODY_MAX = 1000;
