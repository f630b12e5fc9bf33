-- The current definition of provider_search_prefix_max, last set by db/migrations/0010_search_prefixes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_search_prefix_max"() RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$ SELECT 24 $fn$;
