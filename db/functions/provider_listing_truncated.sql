-- The current definition of provider_listing_truncated, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_truncated"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  DELETE FROM provider_listing_counts;
  PERFORM provider_listing_lock();
  PERFORM provider_listing_log_everything();
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
