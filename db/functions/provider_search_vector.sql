-- The current definition of provider_search_vector, last set by db/migrations/0023_search_by_place.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_search_vector"(name text, headline text, description text, specialties specialty[], city text, country_code text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, array_to_string(specialties::text[], ' ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(city, '') || ' ' || country_search_names(country_code))), 'B')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(headline, ''))), 'C')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(description, ''))), 'D')
$fn$;
