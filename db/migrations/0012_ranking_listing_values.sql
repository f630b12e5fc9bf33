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
