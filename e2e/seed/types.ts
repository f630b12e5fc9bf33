import type { MemberRole } from "../../db/enums";

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
  /** Published reviews, written straight into the tables (e2e/seed/review-rows.ts). */
  reviews?: FixtureReview[];
  /** An active public notice (a review-manipulation alert) on the profile. */
  notice?: string;
}

export interface FixtureReview {
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
}
