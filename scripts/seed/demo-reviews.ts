import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import type { InquiryBudget, ReviewDisplay, ReviewProjectStatus } from "@/db/enums";
import { inquiries } from "@/db/schema";
import { reviewInvitations, reviews } from "@/db/schema-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { hashVerificationToken } from "@/lib/tokens/verification-token";

const DAY_MS = 86_400_000;

interface DemoReview {
  client: { name: string; email: string; company: string; role?: string };
  daysAgo: number;
  engaged?: true;
  overall: number;
  sub?: { quality?: number; schedule?: number; communication?: number; value?: number };
  wouldRecommend: boolean;
  projectStatus: ReviewProjectStatus;
  budget: InquiryBudget;
  display: ReviewDisplay;
  title: string;
  body: string;
}

// Published client reviews for a few demo providers (extensions §4), so the profile's "Client reviews",
// the cards' "★ 4.6 (7 reviews)" and the ranking's review score show in the demo. Each comes, as a real
// one does, from a delivered inquiry and its used invitation. Northwind Studio (whose inbox the specs
// read) gets none; Lumen Analytics has two, below the three an average needs.
const DEMO_REVIEWS: Record<string, DemoReview[]> = {
  "harbor-pine-digital": [
    {
      client: { name: "Elena Marsh", email: "elena@tidepool-travel.example", company: "Tidepool Travel", role: "Head of Digital" },
      daysAgo: 34, engaged: true, overall: 5, sub: { quality: 5, schedule: 4, communication: 5, value: 4 }, wouldRecommend: true,
      projectStatus: "COMPLETED", budget: "25k-100k", display: "NAME_AND_COMPANY",
      title: "Rebuilt our booking engine without a day of downtime",
      body: "Harbor & Pine moved our booking engine to a new stack over three months. They planned the cut-over with us, ran both systems side by side for two weeks and switched on a quiet Tuesday. Nothing broke.",
    },
    {
      client: { name: "Tomás Reyes", email: "tomas@brightwater-health.example", company: "Brightwater Health" },
      daysAgo: 97, overall: 4, sub: { quality: 4, communication: 4 }, wouldRecommend: true,
      projectStatus: "COMPLETED", budget: "100k+", display: "NAME_ONLY",
      title: "Solid engineering, a little slow on estimates",
      body: "The patient portal they built is fast and well tested. Estimates for the second phase slipped twice, but they told us early each time and the final invoice matched the quote.",
    },
    {
      client: { name: "Priya Natarajan", email: "priya@ledgerline.example", company: "Ledgerline" },
      daysAgo: 160, engaged: true, overall: 5, sub: { schedule: 5, value: 5 }, wouldRecommend: true,
      projectStatus: "ONGOING", budget: "5k-25k", display: "INITIALS",
      title: "Our go-to team for small, urgent changes",
      body: "We send them a few small changes each month. They answer within a day, ship within the week and write down what they changed. Exactly what a small finance team needs.",
    },
  ],
  "lumen-analytics": [
    {
      client: { name: "Marcus Bell", email: "marcus@fieldstone-retail.example", company: "Fieldstone Retail", role: "COO" },
      daysAgo: 21, engaged: true, overall: 5, sub: { quality: 5, communication: 5 }, wouldRecommend: true,
      projectStatus: "COMPLETED", budget: "25k-100k", display: "NAME_AND_COMPANY",
      title: "Turned three years of sales data into a forecast we trust",
      body: "Lumen cleaned three years of messy sales exports, built a weekly forecast and taught our planners to read it. Stock-outs fell by a third in the first quarter.",
    },
    {
      client: { name: "Hannah Cole", email: "hannah@greenway-energy.example", company: "Greenway Energy" },
      daysAgo: 75, overall: 4, wouldRecommend: true,
      projectStatus: "ENDED_EARLY", budget: "5k-25k", display: "NAME_ONLY",
      title: "Good analysis; we stopped for budget reasons",
      body: "The first dashboard was clear and useful. We ended the project early because our own budget was cut, and they handed everything over cleanly with documentation.",
    },
  ],
  "cobalt-ops": [
    {
      client: { name: "Jonas Weber", email: "jonas@parcelpoint.example", company: "ParcelPoint", role: "CTO" },
      daysAgo: 12, engaged: true, overall: 4, sub: { quality: 5, schedule: 3, communication: 4, value: 4 }, wouldRecommend: true,
      projectStatus: "COMPLETED", budget: "25k-100k", display: "NAME_AND_COMPANY",
      title: "Our deploys went from an afternoon to eight minutes",
      body: "Cobalt Ops rebuilt our pipelines and moved us to infrastructure as code. The migration took three weeks longer than planned, but the result is excellent and our team understands it.",
    },
    {
      client: { name: "Aisha Okafor", email: "aisha@mintleaf-apps.example", company: "Mintleaf Apps" },
      daysAgo: 58, overall: 3, sub: { quality: 4, communication: 2 }, wouldRecommend: false,
      projectStatus: "COMPLETED", budget: "5k-25k", display: "NAME_ONLY",
      title: "Capable engineers, hard to reach",
      body: "The monitoring they set up works well. Getting answers was the hard part: questions often waited several days, and we had to chase the final handover document.",
    },
    {
      client: { name: "Liam Foster", email: "liam@harvest-table.example", company: "Harvest Table" },
      daysAgo: 130, engaged: true, overall: 5, sub: { schedule: 5, value: 5 }, wouldRecommend: true,
      projectStatus: "ONGOING", budget: "<5k", display: "INITIALS",
      title: "Calm, careful on-call support for a small shop",
      body: "They look after our servers on a small monthly retainer. Two incidents this year, both handled at night without us noticing until the morning report.",
    },
  ],
};

/** Writes the demo's published reviews (inquiry, used invitation, review) and their figures. */
export async function seedDemoReviews(tx: Db, params: { providerIds: Map<string, string>; seededAt: Date }): Promise<number> {
  const at = (days: number) => new Date(params.seededAt.getTime() - days * DAY_MS);
  const touched: string[] = [];
  let count = 0;
  for (const [slug, list] of Object.entries(DEMO_REVIEWS)) {
    const providerId = params.providerIds.get(slug);
    if (!providerId) throw new Error(`demo reviews name an unknown provider: ${slug}`);
    touched.push(providerId);
    for (const r of list) {
      const publishedAt = at(r.daysAgo);
      const deliveredAt = at(r.daysAgo + 60);
      const [inquiry] = await tx
        .insert(inquiries)
        .values({
          providerId,
          senderName: r.client.name,
          senderEmail: r.client.email,
          senderCompany: r.client.company,
          budget: r.budget,
          message: "We are looking for a team for a project this quarter; could we talk this week?",
          tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
          tokenExpiresAt: deliveredAt,
          status: "REPLIED",
          deliveredAt,
          statusChangedAt: at(r.daysAgo + 59),
          firstResponseAt: at(r.daysAgo + 59),
          engagedAt: r.engaged ? at(r.daysAgo + 50) : null,
        })
        .returning({ id: inquiries.id });
      const sentAt = at(r.daysAgo + 2);
      const [invitation] = await tx
        .insert(reviewInvitations)
        .values({
          inquiryId: inquiry!.id,
          providerId,
          trigger: r.engaged ? "ENGAGED" : "CHECKIN",
          tokenHash: hashVerificationToken(randomBytes(32).toString("base64url")),
          sendAt: sentAt,
          sentAt,
          expiresAt: new Date(sentAt.getTime() + 90 * DAY_MS),
          usedAt: at(r.daysAgo + 1),
        })
        .returning({ id: reviewInvitations.id });
      await tx.insert(reviews).values({
        providerId,
        invitationId: invitation!.id,
        inquiryId: inquiry!.id,
        status: "PUBLISHED",
        projectStatus: r.projectStatus,
        overall: r.overall,
        quality: r.sub?.quality ?? null,
        schedule: r.sub?.schedule ?? null,
        communication: r.sub?.communication ?? null,
        value: r.sub?.value ?? null,
        wouldRecommend: r.wouldRecommend,
        title: r.title,
        body: r.body,
        projectBudget: r.budget,
        display: r.display,
        reviewerName: r.client.name,
        reviewerRole: r.client.role ?? null,
        reviewerCompany: r.client.company,
        verification: r.engaged ? "CONFIRMED_BY_BOTH" : "STATED_BY_CLIENT",
        publishAfter: publishedAt,
        publishedAt,
        createdAt: at(r.daysAgo + 1),
        updatedAt: publishedAt,
      });
      count += 1;
    }
  }
  await refreshReviewStats(tx, { now: params.seededAt, providerIds: touched });
  return count;
}
