import type { HourlyRate, MemberRole, Specialty, TeamSize } from "../../db/enums";

/** A provider and its people, created before the browser tests start, for one spec to own. */
export interface FixtureProvider {
  name: string;
  slug: string;
  approved: boolean;
  published: boolean;
  headline?: string;
  description?: string;
  /**
   * Its details were last confirmed this many days before the seed ran (extensions §6); the fixtures'
   * freshness sweep then emails or hides it as the clock says (210 days or more: hidden).
   */
  confirmedDaysAgo?: number;
  /** Suspended by the registry after it is created, with this note as the reason. */
  suspendedNote?: string;
  /** The first member is the OWNER who creates the provider. */
  owner: FixturePerson;
  members?: (FixturePerson & { role: MemberRole; status: "ACCEPTED" | "PENDING"; inviteExpired?: boolean })[];
  /** Reviews of it, written directly (e2e/seed/insert-reviews.ts). */
  reviews?: FixtureReview[];
  /** Published reviews with figures, a reply, a dispute (e2e/seed/review-rows.ts). */
  publicReviews?: FixtureReadReview[];
  /** An active public notice (a review-manipulation alert) on the profile. */
  notice?: string;
  /** Listing facts and specialties, written after it is created (the studio's form is not under test). */
  facts?: FixtureFacts;
}

export interface FixtureFacts {
  specialties?: Specialty[];
  websiteUrl?: string;
  city?: string;
  countryCode?: string;
  remote?: boolean;
  teamSize?: TeamSize;
  hourlyRate?: HourlyRate;
  minProjectBudget?: number;
  acceptingClients?: boolean;
}

/** Published reviews of the review-reading spec, with their figures (e2e/seed/review-rows.ts). */
export interface FixtureReadReview {
  overall: number;
  daysAgo: number;
  title: string;
  reviewer: string;
  wouldRecommend?: boolean;
  verification?: "CONFIRMED_BY_BOTH" | "STATED_BY_CLIENT";
  incentive?: string;
  reply?: string;
  underDispute?: boolean;
}

export interface FixtureReview {
  title: string;
  body: string;
  reviewerEmail: string;
  reviewerName: string;
  /** PUBLISHED unless told otherwise. */
  status?: "PUBLISHED" | "PENDING";
  flags?: string[];
}

export interface FixturePerson {
  email: string;
  name: string;
}

export interface FixtureSet {
  providers?: FixtureProvider[];
  /** People with an account and no provider (e.g. someone to invite). */
  users?: (FixturePerson & { isAdmin?: boolean })[];
  /** Applications awaiting verification whose emailed link (this token) has expired. */
  expiredApplications?: (FixturePerson & { token: string })[];
  /** Inquiries to a provider of the set, awaiting confirmation, whose emailed link (this token) has expired. */
  expiredInquiries?: (FixturePerson & { providerSlug: string; message: string; token: string })[];
}
