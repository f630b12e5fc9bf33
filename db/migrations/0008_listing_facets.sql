CREATE TABLE "provider_listing_facets" (
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "provider_listing_facets_facet_value_pk" PRIMARY KEY("facet","value")
);
--> statement-breakpoint
-- The facets one listed provider counts in: its country (when it has one) and each of its languages.
CREATE FUNCTION "provider_listing_facet_keys"(country text, languages text[])
RETURNS TABLE (facet text, value text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'country', country WHERE country IS NOT NULL
  UNION
  SELECT 'language', l FROM unnest(languages) AS l
$$;
--> statement-breakpoint
-- Kept like provider_listing_counts (migration 0002): statement-level, so a bulk load pays once per
-- statement; each event names only the transition tables it has.
CREATE FUNCTION "provider_listing_facets_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO provider_listing_facets AS f (facet, value, total)
    SELECT k.facet, k.value, count(*)
    FROM new_rows r CROSS JOIN LATERAL provider_listing_facet_keys(r.country_code, r.languages) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (facet, value) DO UPDATE SET total = f.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO provider_listing_facets AS f (facet, value, total)
    SELECT k.facet, k.value, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provider_listing_facet_keys(r.country_code, r.languages) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (facet, value) DO UPDATE SET total = f.total + excluded.total;
  ELSE
    INSERT INTO provider_listing_facets AS f (facet, value, total)
    SELECT d.facet, d.value, sum(d.delta)
    FROM (
      SELECT k.facet, k.value, 1 AS delta
      FROM new_rows r CROSS JOIN LATERAL provider_listing_facet_keys(r.country_code, r.languages) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
      UNION ALL
      SELECT k.facet, k.value, -1
      FROM old_rows r CROSS JOIN LATERAL provider_listing_facet_keys(r.country_code, r.languages) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
    ) d
    GROUP BY 1, 2
    HAVING sum(d.delta) <> 0
    ON CONFLICT (facet, value) DO UPDATE SET total = f.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_listing_facets_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_listing_facets;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "providers_listing_facets_insert" AFTER INSERT ON "providers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_facets_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_facets_update" AFTER UPDATE ON "providers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_facets_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_facets_delete" AFTER DELETE ON "providers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_facets_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_facets_truncate" AFTER TRUNCATE ON "providers"
  FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_facets_truncated();
--> statement-breakpoint
-- The facets of the providers already there.
INSERT INTO "provider_listing_facets" ("facet", "value", "total")
SELECT k.facet, k.value, count(*)
FROM "providers" r CROSS JOIN LATERAL provider_listing_facet_keys(r.country_code, r.languages) k
WHERE r.approval_status = 'APPROVED' AND r.public_profile
GROUP BY 1, 2;
