-- The current definition of provider_listing_values, last set by db/migrations/0014_ranking_listing_values.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_values"(r providers) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
  SELECT CASE WHEN r.approval_status = 'APPROVED' AND r.public_profile THEN jsonb_build_object(
    'slug', r.slug, 'name', r.name, 'featured', r.featured, 'publishedAt', r.published_at,
    'specialties', r.specialties, 'countryCode', r.country_code, 'languages', r.languages,
    'remote', r.remote, 'teamSize', r.team_size, 'minProjectBudget', r.min_project_budget,
    'acceptingClients', r.accepting_clients, 'rankScore', r.rank_score, 'rankRotation', r.rank_rotation::text) END
$fn$;
