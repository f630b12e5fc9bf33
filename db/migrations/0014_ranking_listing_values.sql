-- Ranking (extensions §5): sort=recommended orders by rank_score and rank_rotation, so they join what
-- decides a provider's place in lists (migration 0007's change rows, read by
-- lib/listing-cache/change-effects.ts): a changed score moves cached recommended pages and fences,
-- and leaves every other order's answers in place. The rotation goes as text (a bigint may not fit
-- a JSON number exactly).
CREATE OR REPLACE FUNCTION "provider_listing_values"(r providers) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
  SELECT CASE WHEN r.approval_status = 'APPROVED' AND r.public_profile THEN jsonb_build_object(
    'slug', r.slug, 'name', r.name, 'featured', r.featured, 'publishedAt', r.published_at,
    'specialties', r.specialties, 'countryCode', r.country_code, 'languages', r.languages,
    'remote', r.remote, 'teamSize', r.team_size, 'minProjectBudget', r.min_project_budget,
    'acceptingClients', r.accepting_clients, 'rankScore', r.rank_score, 'rankRotation', r.rank_rotation::text) END
$fn$;
--> statement-breakpoint
-- The recommended order is score desc, weekly key asc; rank_rotation now holds (2^63 − 1) − key
-- (lib/ranking/rotation-key.ts), so both columns descend and a deep page seeks from a fence with one row
-- comparison, as the seed order does. The index of migration 0011 (rotation ascending) could only
-- start at the fence's score and filter the rest of its group: at 100 000 providers with few distinct
-- scores, 52 ms a random page against 4 ms for the seed order. Rebuilt descending; the next ranking
-- run rewrites every rotation (the stored form changed).
DROP INDEX IF EXISTS "providers_listed_rank_idx";--> statement-breakpoint
CREATE INDEX "providers_listed_rank_idx" ON "providers" USING btree ("rank_score" DESC NULLS LAST, "rank_rotation" DESC NULLS LAST, "slug")
  INCLUDE ("featured", "published_at", "name", "headline", "specialties", "logo_url", "country_code", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
