-- The current definition of provider_search_prefixes, last set by db/migrations/0010_search_prefixes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_search_prefixes"(document tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT DISTINCT left(w, n)
  FROM unnest(tsvector_to_array(document)) AS w, generate_series(1, least(length(w), provider_search_prefix_max())) AS n
$fn$;
