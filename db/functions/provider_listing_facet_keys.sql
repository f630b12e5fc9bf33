-- The current definition of provider_listing_facet_keys, last set by db/migrations/0008_listing_facets.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_facet_keys"(country text, languages text[]) RETURNS TABLE(facet text, value text) LANGUAGE sql IMMUTABLE AS $fn$
  SELECT 'country', country WHERE country IS NOT NULL
  UNION
  SELECT 'language', l FROM unnest(languages) AS l
$fn$;
