-- The current definition of provider_search_prefixes_changed, last set by db/migrations/0010_search_prefixes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_search_prefixes_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
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
$fn$;
