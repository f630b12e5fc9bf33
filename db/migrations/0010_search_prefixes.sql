CREATE TABLE "provider_search_prefixes" (
	"prefix" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Exact totals for one-word searches (issue 14; docs/decisions/search.md "Totals of a one-word search are kept"). A
-- search for one word matches the providers with a search word starting with it; counting those
-- means visiting every matching row (the tsvector GIN index marks its matches for recheck), a third
-- of the catalogue for a common prefix. Instead, each prefix of each listed provider's search words
-- (up to provider_search_prefix_max() letters) counts that provider once, kept by statement triggers
-- like provider_listing_facets (migration 0008). lib/providers/list-query-sql.ts reads it for a
-- search of one word and no other filter.
CREATE FUNCTION "provider_search_prefix_max"() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 24 $$;
--> statement-breakpoint
CREATE FUNCTION "provider_search_prefixes"(document tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(w, n)
  FROM unnest(tsvector_to_array(document)) AS w, generate_series(1, least(length(w), provider_search_prefix_max())) AS n
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_search_prefixes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    -- Listing writers take the version row's lock first (migration 0007), so concurrent statements
    -- update prefix rows one after another rather than deadlock over them.
    PERFORM provider_listing_lock();
    INSERT INTO provider_search_prefixes AS s (prefix, total)
    SELECT p, count(*)
    FROM new_rows r CROSS JOIN LATERAL provider_search_prefixes(r.search_vector) p
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (prefix) DO UPDATE SET total = s.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    PERFORM provider_listing_lock();
    INSERT INTO provider_search_prefixes AS s (prefix, total)
    SELECT p, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provider_search_prefixes(r.search_vector) p
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (prefix) DO UPDATE SET total = s.total + excluded.total;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile)
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN
      RETURN NULL;
    END IF;
    PERFORM provider_listing_lock();
    -- Only rows whose words or listing changed; planned per statement (EXECUTE), as in migration 0007.
    EXECUTE 'INSERT INTO provider_search_prefixes AS s (prefix, total)
      SELECT p, sum(d) FROM (
        SELECT p, 1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN LATERAL provider_search_prefixes(n.search_vector) p
        WHERE n.approval_status = ''APPROVED'' AND n.public_profile
          AND (NOT (o.approval_status = ''APPROVED'' AND o.public_profile) OR o.search_vector IS DISTINCT FROM n.search_vector)
        UNION ALL
        SELECT p, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN LATERAL provider_search_prefixes(o.search_vector) p
        WHERE o.approval_status = ''APPROVED'' AND o.public_profile
          AND (NOT (n.approval_status = ''APPROVED'' AND n.public_profile) OR o.search_vector IS DISTINCT FROM n.search_vector)
      ) x
      GROUP BY p HAVING sum(d) <> 0 ORDER BY p
      ON CONFLICT (prefix) DO UPDATE SET total = s.total + excluded.total';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_search_prefixes_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_search_prefixes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "providers_search_prefixes_insert" AFTER INSERT ON "providers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_search_prefixes_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_search_prefixes_update" AFTER UPDATE ON "providers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_search_prefixes_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_search_prefixes_delete" AFTER DELETE ON "providers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_search_prefixes_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_search_prefixes_truncate" AFTER TRUNCATE ON "providers"
  FOR EACH STATEMENT EXECUTE FUNCTION provider_search_prefixes_truncated();
--> statement-breakpoint
-- The prefixes of the providers already there.
INSERT INTO "provider_search_prefixes" ("prefix", "total")
SELECT p, count(*)
FROM "providers" r CROSS JOIN LATERAL provider_search_prefixes(r.search_vector) p
WHERE r.approval_status = 'APPROVED' AND r.public_profile
GROUP BY 1;
