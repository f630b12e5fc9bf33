import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { providerDailyStats } from "@/db/schema-analytics";
import { listingReports } from "@/db/schema-freshness";
import { reviewReplies, reviews } from "@/db/schema-reviews";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { serializeListingReport } from "@/lib/listing-reports/serialize";
import { listTeam } from "@/lib/members/list-team";
import { serializePublicReview } from "@/lib/reviews/serialize-review";
import type { ExportTable } from "./csv";
import { EXPORT_AUDIT_MONTHS } from "./export-rules";
import { allDeliveredInquiryRows, INQUIRY_COLUMNS } from "./inquiry-rows";

// The archive's tables (everything but listing.json), each flat so its JSON and CSV hold the same
// rows and the same keys. Read in the export job's transaction, so they are one consistent picture.

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function membersTable(db: Db, providerId: string, now: Date): Promise<ExportTable> {
  const team = await listTeam(db, { providerId, now });
  return {
    name: "members",
    columns: ["id", "name", "email", "role", "status", "invitedAt", "acceptedAt", "inviteExpiresAt"],
    rows: team.map((m) => ({
      id: m.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      status: m.status,
      invitedAt: m.createdAt,
      acceptedAt: m.acceptedAt,
      inviteExpiresAt: m.inviteExpiresAt,
    })),
  };
}

/** Published reviews as the public reads them (the same serializer), the reply beside each. */
async function reviewsTable(db: Db, providerId: string): Promise<ExportTable> {
  const rows = await db
    .select({ review: reviews, replyBody: reviewReplies.body, replyCreatedAt: reviewReplies.createdAt })
    .from(reviews)
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(and(eq(reviews.providerId, providerId), eq(reviews.status, "PUBLISHED")))
    .orderBy(asc(reviews.publishedAt), asc(reviews.id));
  return {
    name: "reviews",
    columns: [
      "id", "publishedAt", "editedAt", "title", "body", "overall", "quality", "schedule", "communication", "value",
      "wouldRecommend", "projectStatus", "projectSpecialty", "projectBudget", "reviewerDisplay", "reviewerName",
      "reviewerRole", "reviewerCompany", "verification", "incentive", "replyBody", "replyCreatedAt",
    ],
    rows: rows.map((r) => {
      const reply = r.replyBody !== null && r.replyCreatedAt !== null ? { body: r.replyBody, createdAt: r.replyCreatedAt } : null;
      const { reviewer, reply: shownReply, underDispute: _underDispute, ...review } = serializePublicReview(r.review, { reply, disputeOpen: false });
      return {
        ...review,
        reviewerDisplay: reviewer.display,
        reviewerName: reviewer.name,
        reviewerRole: reviewer.role,
        reviewerCompany: reviewer.company,
        replyBody: shownReply?.body ?? null,
        replyCreatedAt: shownReply?.createdAt ?? null,
      };
    }),
  };
}

async function analyticsTable(db: Db, providerId: string): Promise<ExportTable> {
  const rows = await db
    .select()
    .from(providerDailyStats)
    .where(eq(providerDailyStats.providerId, providerId))
    .orderBy(asc(providerDailyStats.day));
  const columns = [
    "day", "searchAppearances", "profileViews", "uniqueVisitors", "websiteClicks", "contactOpens",
    "inquiriesSubmitted", "inquiriesDelivered", "inquiriesAnswered",
  ] as const;
  return { name: "analytics_daily", columns, rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))) };
}

async function auditTable(db: Db, providerId: string, now: Date): Promise<ExportTable> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - EXPORT_AUDIT_MONTHS);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.providerId, providerId), gte(auditEvents.createdAt, since)))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  return {
    name: "audit_events",
    columns: ["id", "createdAt", "actorType", "actorLabel", "action", "targetType", "targetId", "metadata"],
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actorType: r.actorType,
      actorLabel: r.actorLabel,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      metadata: JSON.stringify(r.metadata),
    })),
  };
}

/** Configuration only: the sealed secrets are never selected, so no code path can write them. */
async function webhooksTable(db: Db, providerId: string): Promise<ExportTable> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      eventTypes: sql<string[]>`${webhookEndpoints.eventTypes}`,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      lastSuccessAt: webhookEndpoints.lastSuccessAt,
      createdAt: webhookEndpoints.createdAt,
      updatedAt: webhookEndpoints.updatedAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.providerId, providerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return {
    name: "webhooks",
    columns: ["id", "url", "description", "eventTypes", "enabled", "disabledReason", "lastSuccessAt", "createdAt", "updatedAt"],
    rows: rows.map((r) => ({
      ...r,
      eventTypes: r.eventTypes.join(" "),
      lastSuccessAt: iso(r.lastSuccessAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

async function reportsTable(db: Db, providerId: string): Promise<ExportTable> {
  const rows = await db
    .select()
    .from(listingReports)
    .where(eq(listingReports.providerId, providerId))
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
  return {
    name: "reports",
    columns: ["id", "category", "fields", "note", "status", "resolution", "resolutionNote", "system", "createdAt", "resolvedAt"],
    rows: rows.map((r) => {
      const view = serializeListingReport(r);
      return { ...view, fields: view.fields.join(" ") };
    }),
  };
}

/** Every table of the archive, in the order README.txt lists them. */
export async function exportTables(db: Db, params: { providerId: string; now: Date }): Promise<ExportTable[]> {
  const { providerId, now } = params;
  return [
    await membersTable(db, providerId, now),
    { name: "inquiries", columns: INQUIRY_COLUMNS, rows: await allDeliveredInquiryRows(db, { providerId }) },
    await reviewsTable(db, providerId),
    await analyticsTable(db, providerId),
    await auditTable(db, providerId, now),
    await webhooksTable(db, providerId),
    await reportsTable(db, providerId),
  ];
}
