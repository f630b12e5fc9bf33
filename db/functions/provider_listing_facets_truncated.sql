-- The current definition of provider_listing_facets_truncated, last set by db/migrations/0008_listing_facets.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_facets_truncated"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  DELETE FROM provider_listing_facets;
  RETURN NULL;
END
$fn$;
