-- The current definition of provider_listing_log_everything, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_log_everything"() RETURNS void LANGUAGE sql VOLATILE AS $fn$
  INSERT INTO provider_listing_changes (seq) VALUES (nextval('provider_listing_version_seq'))
$fn$;
