-- The current definition of provider_listing_changed, last set by db/migrations/0023_search_by_place.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  changed bigint;
BEGIN
  -- Only the transition tables this event has may be named, so each event has its own statements.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, count(*)
    FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    PERFORM provider_listing_lock();
    SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile LIMIT provider_listing_rows_limit() + 1) c;
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_after)
      SELECT nextval('provider_listing_version_seq'), r.id, NULL, provider_listing_values(r), true, tsvector_to_array(r.search_vector)
      FROM new_rows r WHERE r.approval_status = 'APPROVED' AND r.public_profile;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    PERFORM provider_listing_lock();
    SELECT count(*) INTO changed FROM (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile LIMIT provider_listing_rows_limit() + 1) c;
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_before)
      SELECT nextval('provider_listing_version_seq'), r.id, provider_listing_values(r), NULL, true, tsvector_to_array(r.search_vector)
      FROM old_rows r WHERE r.approval_status = 'APPROVED' AND r.public_profile;
    END IF;
  ELSE
    -- An edit of a provider that is listed neither before nor after changes nothing public.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile)
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN
      RETURN NULL;
    END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT d.specialty, d.featured_only, sum(d.delta)
    FROM (
      SELECT k.specialty, k.featured_only, 1 AS delta
      FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
      UNION ALL
      SELECT k.specialty, k.featured_only, -1
      FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
    ) d
    GROUP BY 1, 2
    HAVING sum(d.delta) <> 0
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    -- Rows written unchanged (an update that sets what was there) change nothing public either.
    -- The joins of old and new rows run through EXECUTE, planned for this statement's row count: a
    -- plan PL/pgSQL kept from a bulk update (a merge join over sorts) cost a one-row edit 30 ms, and one
    -- kept from a one-row edit (a nested loop) would cost a bulk update rows × rows comparisons.
    EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ((o.approval_status = ''APPROVED'' AND o.public_profile) OR (n.approval_status = ''APPROVED'' AND n.public_profile))
        AND ROW(o.*) IS DISTINCT FROM ROW(n.*) LIMIT $1) c'
      INTO changed USING provider_listing_rows_limit() + 1;
    IF changed = 0 THEN RETURN NULL; END IF;
    PERFORM provider_listing_lock();
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      -- A row's words are written where the searched text changed (a search may now match differently)
      -- or the provider was listed on one side only (it entered or left every search it matches).
      EXECUTE 'INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_before, search_after)
        SELECT nextval(''provider_listing_version_seq''), n.id, provider_listing_values(o), provider_listing_values(n), s.changed,
          CASE WHEN s.listed_before AND (s.changed OR NOT s.listed_after) THEN tsvector_to_array(o.search_vector) END,
          CASE WHEN s.listed_after AND (s.changed OR NOT s.listed_before) THEN tsvector_to_array(n.search_vector) END
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (SELECT
          (o.name, o.headline, o.description, o.specialties, o.city, o.country_code) IS DISTINCT FROM (n.name, n.headline, n.description, n.specialties, n.city, n.country_code) AS changed,
          o.approval_status = ''APPROVED'' AND o.public_profile AS listed_before,
          n.approval_status = ''APPROVED'' AND n.public_profile AS listed_after) s
        WHERE ((o.approval_status = ''APPROVED'' AND o.public_profile) OR (n.approval_status = ''APPROVED'' AND n.public_profile))
          AND ROW(o.*) IS DISTINCT FROM ROW(n.*)';
    END IF;
  END IF;
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
