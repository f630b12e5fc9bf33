-- The current definition of provider_listing_keys, last set by db/migrations/0002_listing_indexes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_keys"(specialties specialty[], featured boolean) RETURNS TABLE(specialty text, featured_only boolean) LANGUAGE sql IMMUTABLE AS $fn$
  SELECT DISTINCT s, f
  FROM unnest(array['']::text[] || specialties::text[]) AS s,
       unnest(CASE WHEN featured THEN array[false, true] ELSE array[false] END) AS f
$fn$;
