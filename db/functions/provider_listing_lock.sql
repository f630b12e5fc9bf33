-- The current definition of provider_listing_lock, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_lock"() RETURNS void LANGUAGE sql VOLATILE AS $fn$
  SELECT 1 FROM provider_listing_state WHERE id = 1 FOR UPDATE
$fn$;
