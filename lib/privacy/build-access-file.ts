import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, interestApplications, providers } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { privacyRequests, reviewReports, reviews } from "@/db/schema-reviews";
import { PRODUCT } from "@/lib/email/layout";
import { ofMailbox, type Mailbox } from "./mailbox-hash";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The access file of one mailbox (every spelling of it: "+tag" and Gmail's dots): what the registry
 * holds that carried the address, as JSON. Inquiries sent (with the provider's name), reviews written
 * (those of the mailbox's inquiries), interest applications, listing and review reports that gave the
 * address, and the mailbox's privacy requests. Read in the confirming transaction; stored until
 * downloaded.
 */
export async function buildAccessFile(db: Db, params: { mailbox: Mailbox; now: Date }): Promise<Record<string, unknown>> {
  const sent = await db
    .select({
      id: inquiries.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      name: inquiries.senderName,
      email: inquiries.senderEmail,
      company: inquiries.senderCompany,
      budget: inquiries.budget,
      timeline: inquiries.timeline,
      message: inquiries.message,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
      deliveredAt: inquiries.deliveredAt,
      firstResponseAt: inquiries.firstResponseAt,
      statusChangedAt: inquiries.statusChangedAt,
    })
    .from(inquiries)
    .innerJoin(providers, eq(providers.id, inquiries.providerId))
    .where(ofMailbox(inquiries.senderEmail, params.mailbox))
    .orderBy(asc(inquiries.createdAt), asc(inquiries.id));
  const inquiryIds = sent.map((i) => i.id);

  const written = inquiryIds.length
    ? await db
        .select({ review: reviews, providerName: providers.name })
        .from(reviews)
        .innerJoin(providers, eq(providers.id, reviews.providerId))
        .where(inArray(reviews.inquiryId, inquiryIds))
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
    : [];
  const applications = await db
    .select()
    .from(interestApplications)
    .where(ofMailbox(interestApplications.email, params.mailbox))
    .orderBy(asc(interestApplications.createdAt), asc(interestApplications.id));
  const listing = await db
    .select({ report: listingReports, providerName: providers.name })
    .from(listingReports)
    .innerJoin(providers, eq(providers.id, listingReports.providerId))
    .where(ofMailbox(listingReports.reporterEmail, params.mailbox))
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
  const reviewReportRows = await db
    .select()
    .from(reviewReports)
    .where(ofMailbox(reviewReports.reporterEmail, params.mailbox))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
  const requests = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.mailboxHash, params.mailbox.hash))
    .orderBy(asc(privacyRequests.createdAt), asc(privacyRequests.id));

  return {
    about: `What ${PRODUCT} holds for your email address (every spelling of it that reaches the same mailbox), as of the generation time.`,
    generatedAt: params.now.toISOString(),
    inquiries: sent.map((i) => ({
      id: i.id,
      provider: { name: i.providerName, slug: i.providerSlug },
      name: i.name,
      email: i.email,
      company: i.company,
      budget: i.budget,
      timeline: i.timeline,
      message: i.message,
      status: i.status,
      createdAt: iso(i.createdAt),
      deliveredAt: iso(i.deliveredAt),
      firstResponseAt: iso(i.firstResponseAt),
      statusChangedAt: iso(i.statusChangedAt),
    })),
    reviews: written.map(({ review: r, providerName }) => ({
      id: r.id,
      inquiryId: r.inquiryId,
      provider: { name: providerName },
      status: r.status,
      projectStatus: r.projectStatus,
      ratings: { overall: r.overall, quality: r.quality, schedule: r.schedule, communication: r.communication, value: r.value },
      wouldRecommend: r.wouldRecommend,
      title: r.title,
      body: r.body,
      display: r.display,
      reviewerName: r.reviewerName,
      reviewerRole: r.reviewerRole,
      reviewerCompany: r.reviewerCompany,
      incentive: r.incentive,
      pendingEdit: r.pendingEdit,
      createdAt: iso(r.createdAt),
      publishedAt: iso(r.publishedAt),
      editedAt: iso(r.editedAt),
    })),
    interestApplications: applications.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      email: a.email,
      companyName: a.companyName,
      specialties: a.specialties,
      description: a.description,
      portfolioLinks: a.portfolioLinks,
      referralSource: a.referralSource,
      stage: a.stage,
      createdAt: iso(a.createdAt),
      verifiedAt: iso(a.verifiedAt),
      decidedAt: iso(a.decidedAt),
    })),
    listingReports: listing.map(({ report: r, providerName }) => ({
      id: r.id,
      provider: { name: providerName },
      category: r.category,
      fields: r.fields,
      note: r.note,
      email: r.reporterEmail,
      status: r.status,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
    })),
    reviewReports: reviewReportRows.map((r) => ({
      id: r.id,
      reviewId: r.reviewId,
      reason: r.reason,
      note: r.note,
      email: r.reporterEmail,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
    privacyRequests: requests.map((r) => ({
      kind: r.kind,
      createdAt: iso(r.createdAt),
      confirmedAt: iso(r.confirmedAt),
      completedAt: iso(r.completedAt),
    })),
  };
}
