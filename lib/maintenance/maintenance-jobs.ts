import type { Env } from "@/lib/config/env";
import { purgeAnalytics } from "@/lib/analytics/purge-analytics";
import { runFreshnessSweep } from "@/lib/freshness/run-freshness-sweep";
import { sendInquiryReminders } from "@/lib/inquiries/send-inquiry-reminders";
import { escalateReports } from "@/lib/listing-reports/escalate-reports";
import { sendReportDigests } from "@/lib/listing-reports/send-report-digests";
import { trimListingChanges } from "@/lib/listing-cache/trim-listing-changes";
import { purgePrivacyRequests } from "@/lib/privacy/purge-privacy-requests";
import { runExportJobs } from "@/lib/provider-exports/run-export-jobs";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { rotationMonday } from "@/lib/ranking/rotation-key";
import { publishDueReviews } from "@/lib/reviews/publish-due-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { expireProviderNotices } from "@/lib/reviews/expire-provider-notices";
import { expireReviewDisputes } from "@/lib/reviews/expire-review-disputes";
import { sendReviewInvitations } from "@/lib/reviews/send-review-invitations";
import { sendReviewReminders } from "@/lib/reviews/send-review-reminders";
import { sweepWebhooks } from "@/lib/webhooks/sweep-webhooks";
import type { MaintenanceJob } from "./maintenance-job";
import { purgeExpiredRows } from "./purge-expired-rows";
import { MAINTENANCE_LOCK_ID } from "./run-maintenance";

// Every periodic job, in the order a run takes them. A new sweep is one entry here: the timer
// (start-maintenance.ts) and `npm run cli -- maintenance:run` both read this list.

/** Inquiries still NEW after 24 hours are reminded within this long. */
const INQUIRY_REMINDER_PERIOD_MS = 10 * 60 * 1000;

/** Review invitations and their reminder go out within this long of their date. */
const REVIEW_INVITATION_PERIOD_MS = 60 * 60 * 1000;

const everyInterval = (env: Env) => env.MAINTENANCE_INTERVAL_MS;
const DAY_MS = 24 * 3600 * 1000;
/** A review or a pending edit publishes within this long of the end of its cool-off. */
const REVIEW_PUBLISHING_PERIOD_MS = 10 * 60 * 1000;
/** A requested export is built within this long (a person waits for it in the studio). */
const EXPORT_PERIOD_MS = 60 * 1000;

export const MAINTENANCE_JOBS: readonly MaintenanceJob[] = [
  {
    name: "retention",
    summary: "Delete expired rows and old sent emails, erase old sender IPs (maintenance:purge)",
    lockId: MAINTENANCE_LOCK_ID,
    periodMs: everyInterval,
    async run(tx, { env }) {
      await trimListingChanges(tx);
      const purged = await purgeExpiredRows(tx, { sentEmailRetentionDays: env.SENT_EMAIL_RETENTION_DAYS });
      const result: Record<string, number> = {};
      for (const [kind, { deleted, more }] of Object.entries(purged)) {
        result[kind] = deleted;
        if (more) result[`${kind}Left`] = 1;
      }
      return result;
    },
  },
  {
    name: "inquiry-reminders",
    summary: "Remind providers of inquiries still new after 24 hours; refresh responsiveness as its window moves",
    lockId: 7_240_613,
    periodMs: (env) => Math.min(INQUIRY_REMINDER_PERIOD_MS, env.MAINTENANCE_INTERVAL_MS),
    run: async (tx) => ({ ...(await sendInquiryReminders(tx)) }),
  },
  {
    name: "freshness",
    summary: "The freshness clock: confirm reminders at 150 and 173 days, the stale email at 180, hiding at 210",
    lockId: 7_240_614,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await runFreshnessSweep(tx, { now })) }),
  },
  {
    name: "report-escalations",
    summary: "Ask for a confirmation when 3 distinct visitors report a listing out of business or unreachable; hide it at the 14-day deadline",
    lockId: 7_240_616,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await escalateReports(tx, { now })) }),
  },
  {
    name: "report-digests",
    summary: "One email a day per provider listing its new reports of outdated information",
    lockId: 7_240_617,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await sendReportDigests(tx, { now })) }),
  },
  {
    name: "analytics-purge",
    summary: "Delete analytics day salts and visitor keys older than 2 days, and daily counts older than 25 months",
    lockId: 7_240_625,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await purgeAnalytics(tx, { now })) }),
  },
  {
    name: "privacy-requests",
    summary: "Drop access files not downloaded within 7 days; delete privacy requests never confirmed, 30 days after their link expired",
    lockId: 7_240_622,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await purgePrivacyRequests(tx, { now })) }),
  },
  {
    name: "provider-exports",
    summary: "Build requested provider exports (zip, size-limited; EXPORT_READY email) and clear READY ones 7 days old (EXPIRED)",
    lockId: 7_240_626,
    periodMs: (env) => Math.min(EXPORT_PERIOD_MS, env.MAINTENANCE_INTERVAL_MS),
    run: async (tx, { now }) => ({ ...(await runExportJobs(tx, { now })) }),
  },
  {
    name: "review-publishing",
    summary: "Publish reviews and reviewers' edits whose 24-hour cool-off ended, unless a rating-blind flag holds them for an admin",
    lockId: 7_240_619,
    periodMs: (env) => Math.min(REVIEW_PUBLISHING_PERIOD_MS, env.MAINTENANCE_INTERVAL_MS),
    run: async (tx, { now }) => ({ ...(await publishDueReviews(tx, { now })) }),
  },
  {
    name: "review-stats",
    summary: "Recompute every provider's review figures once a day, as the 24-month window of the ranking's review score moves",
    lockId: 7_240_621,
    periodMs: () => DAY_MS,
    run: async (tx, { now }) => ({ ...(await refreshReviewStats(tx, { now })) }),
  },
  {
    name: "review-disputes",
    summary: "Expire disputes with no decision by their due date (the label goes, the review stays); mark ended notices removed",
    lockId: 7_240_620,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await expireReviewDisputes(tx, { now })), ...(await expireProviderNotices(tx, { now })) }),
  },
  {
    name: "review-invitations",
    summary: "Invite the senders of delivered inquiries to review the provider (engaged: 21 days after the mark; else 45 days after delivery), and remind once 10 days later",
    lockId: 7_240_618,
    periodMs: (env) => Math.min(REVIEW_INVITATION_PERIOD_MS, env.MAINTENANCE_INTERVAL_MS),
    run: async (tx, { now }) => ({ ...(await sendReviewInvitations(tx, { now })), ...(await sendReviewReminders(tx, { now })) }),
  },
  {
    name: "webhooks",
    summary: "Disable webhook endpoints with no success for 5 days and a failed delivery; delete webhook messages, deliveries and attempts after 30 days",
    lockId: 7_240_623,
    periodMs: everyInterval,
    run: async (tx, { now }) => ({ ...(await sweepWebhooks(tx, { now })) }),
  },
  {
    // After freshness and escalations, so a listing just hidden leaves the ranking in the same pass.
    name: "ranking",
    summary: "Recompute every listed provider's score (windows move, freshness decays); the rotation turns on Mondays 00:00 UTC",
    lockId: 7_240_615,
    periodMs: everyInterval,
    // A new week's rotation key takes effect at Monday 00:00 UTC, not up to an interval later.
    dueEarly: (lastStartedAt, now) => rotationMonday(lastStartedAt) !== rotationMonday(now),
    run: async (tx, { now }) => ({ ...(await refreshAllProviderRanks(tx, { now })) }),
  },
];
