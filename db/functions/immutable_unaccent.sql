-- The current definition of immutable_unaccent, last set by db/migrations/0005_search.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "immutable_unaccent"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $fn$;
