import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApplicationStage, Specialty } from "@/db/enums";
import { interestApplications } from "@/db/schema";

export interface ApplicationListItem {
  id: string;
  fullName: string;
  email: string;
  companyName: string | null;
  specialties: Specialty[];
  description: string;
  portfolioLinks: string[];
  referralSource: string | null;
  stage: ApplicationStage;
  createdAt: Date;
  verifiedAt: Date | null;
  decidedAt: Date | null;
  rejectionReason: string | null;
  providerId: string | null;
  /** Other applications from the same email, in any stage: repeat applicants stand out in review. */
  priorApplications: number;
}

export const DEFAULT_APPLICATION_PAGE = 50;
export const MAX_APPLICATION_PAGE = 500;

/** Applications oldest first (the review queue order), optionally in one stage and from one email. */
export async function listApplications(
  db: Db,
  params: { stage?: ApplicationStage; email?: string; limit?: number; offset?: number } = {},
): Promise<ApplicationListItem[]> {
  const limit = Math.min(Math.max(1, Math.trunc(params.limit ?? DEFAULT_APPLICATION_PAGE)), MAX_APPLICATION_PAGE);
  const offset = Math.max(0, Math.trunc(params.offset ?? 0));
  const a = interestApplications;
  // Spelled out in SQL: drizzle leaves columns unqualified in a one-table select, which a correlated subquery needs.
  const prior = sql<number>`(select count(*)::int from interest_applications other
    where other.email = interest_applications.email and other.id <> interest_applications.id)`;
  return db
    .select({
      id: a.id,
      fullName: a.fullName,
      email: a.email,
      companyName: a.companyName,
      specialties: a.specialties,
      description: a.description,
      portfolioLinks: a.portfolioLinks,
      referralSource: a.referralSource,
      stage: a.stage,
      createdAt: a.createdAt,
      verifiedAt: a.verifiedAt,
      decidedAt: a.decidedAt,
      rejectionReason: a.rejectionReason,
      providerId: a.providerId,
      priorApplications: prior.mapWith(Number),
    })
    .from(a)
    .where(and(params.stage ? eq(a.stage, params.stage) : undefined, params.email ? eq(a.email, params.email) : undefined))
    .orderBy(asc(a.createdAt), asc(a.id))
    .limit(limit)
    .offset(offset);
}
