-- The current definition of provider_listing_rows_limit, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_rows_limit"() RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$ SELECT 1000 $fn$;
