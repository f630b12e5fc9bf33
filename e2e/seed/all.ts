import { ADMIN_FIXTURES } from "./admin";
import { ANALYTICS_FIXTURES } from "./analytics";
import { API_KEYS_FIXTURES } from "./api-keys";
import { EXPORT_FIXTURES } from "./export";
import { INQUIRIES_FIXTURES } from "./inquiries";
import { FRESHNESS_FIXTURES } from "./freshness";
import { JOURNEYS_FIXTURES } from "./journeys";
import { LISTING_FIXTURES } from "./listing";
import { PRIVACY_FIXTURES } from "./privacy";
import { PROFILE_ACTIONS_FIXTURES } from "./profile-actions";
import { REPORTS_FIXTURES } from "./reports";
import { REVIEW_JOURNEY_FIXTURES } from "./review-journey";
import { REVIEW_READING_FIXTURES } from "./review-reading";
import { REVIEW_MODERATION_FIXTURES } from "./reviews";
import { REVIEW_WRITING_FIXTURES } from "./review-writing";
import { REVIEW_INVITATIONS_FIXTURES } from "./review-invitations";
import { STUDIO_FIXTURES } from "./studio";
import { SUSPENDED_FIXTURES } from "./suspended";
import { TEAM_FIXTURES } from "./team";
import { WH_API_FIXTURES } from "./wh-api";
import type { FixtureProvider, FixtureSet } from "./types";
import { HIDE_AFTER_DAYS } from "../../lib/freshness/freshness-fields";

/** Every spec's fixtures, in the order e2e/seed-fixtures.ts creates them. */
export const ALL_FIXTURE_SETS: FixtureSet[] = [
  STUDIO_FIXTURES,
  TEAM_FIXTURES,
  LISTING_FIXTURES,
  API_KEYS_FIXTURES,
  ADMIN_FIXTURES,
  SUSPENDED_FIXTURES,
  INQUIRIES_FIXTURES,
  JOURNEYS_FIXTURES,
  FRESHNESS_FIXTURES,
  REPORTS_FIXTURES,
  PRIVACY_FIXTURES,
  REVIEW_MODERATION_FIXTURES,
  REVIEW_WRITING_FIXTURES,
  REVIEW_INVITATIONS_FIXTURES,
  REVIEW_READING_FIXTURES,
  EXPORT_FIXTURES,
  REVIEW_JOURNEY_FIXTURES,
  WH_API_FIXTURES,
  ANALYTICS_FIXTURES,
  PROFILE_ACTIONS_FIXTURES,
];

/**
 * Fixture providers that start in the public directory. They are published on fixed dates older than
 * any demo provider, in this order (newest first), so the directory spec can predict every page.
 */
export const LISTED_FIXTURE_PROVIDERS: FixtureProvider[] = ALL_FIXTURE_SETS.flatMap((s) => s.providers ?? []).filter(
  // One the freshness sweep hides at seeding (210 days unconfirmed) starts outside the directory.
  (p) => p.approved && p.published && (p.confirmedDaysAgo ?? 0) < HIDE_AFTER_DAYS,
);

export function fixturePublishedAt(provider: FixtureProvider): Date {
  const index = LISTED_FIXTURE_PROVIDERS.indexOf(provider);
  return new Date(Date.UTC(2020, 0, 1) - Math.max(index, 0) * 60_000);
}
