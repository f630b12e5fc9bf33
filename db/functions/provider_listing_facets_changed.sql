-- The current definition of provider_listing_facets_changed, last set by db/migrations/0008_listing_facets.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_facets_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
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
$fn$;
