-- The current definition of provider_search_prefixes_truncated, last set by db/migrations/0010_search_prefixes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_search_prefixes_truncated"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  DELETE FROM provider_search_prefixes;
  RETURN NULL;
END
$fn$;
