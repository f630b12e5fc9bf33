CREATE TABLE "provider_listing_changes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"provider_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"search_changed" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Caching that survives edits (issue 14 item 3; docs/decisions/listing-cache.md "A change log beside the version").
-- The triggers of migration 0002 keep the listing version; from here on they also write what changed,
-- one row per changed listed provider, so an app instance drops only the cached answers a change
-- touches. Rows are numbered by the version's own sequence, under the version row's lock: numbers
-- follow commit order, and the version is always the number of the newest row.
--
-- What decides a listed provider's place in the list (membership under every filter, and order);
-- null when it is not listed. lib/listing-cache/change-effects.ts reads these keys.
CREATE FUNCTION "provider_listing_values"(r providers) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r.approval_status = 'APPROVED' AND r.public_profile THEN jsonb_build_object(
    'slug', r.slug, 'name', r.name, 'featured', r.featured, 'publishedAt', r.published_at,
    'specialties', r.specialties, 'countryCode', r.country_code, 'languages', r.languages,
    'remote', r.remote, 'teamSize', r.team_size, 'minProjectBudget', r.min_project_budget,
    'acceptingClients', r.accepting_clients) END
$$;
--> statement-breakpoint
-- Statements changing more listed providers than this (bulk loads) write one "everything changed" row.
CREATE FUNCTION "provider_listing_rows_limit"() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 1000 $$;
--> statement-breakpoint
-- The version row's lock, taken before any number is drawn, orders the numbers as the commits.
CREATE FUNCTION "provider_listing_lock"() RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM provider_listing_state WHERE id = 1 FOR UPDATE
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_listing_log_everything"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO provider_listing_changes (seq) VALUES (nextval('provider_listing_version_seq'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "provider_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
      SELECT nextval('provider_listing_version_seq'), r.id, NULL, provider_listing_values(r), true
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
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
      SELECT nextval('provider_listing_version_seq'), r.id, provider_listing_values(r), NULL, true
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
      EXECUTE 'INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
        SELECT nextval(''provider_listing_version_seq''), n.id, provider_listing_values(o), provider_listing_values(n),
          (o.name, o.headline, o.description, o.specialties) IS DISTINCT FROM (n.name, n.headline, n.description, n.specialties)
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE ((o.approval_status = ''APPROVED'' AND o.public_profile) OR (n.approval_status = ''APPROVED'' AND n.public_profile))
          AND ROW(o.*) IS DISTINCT FROM ROW(n.*)';
    END IF;
  END IF;
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "provider_listing_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_listing_counts;
  PERFORM provider_listing_lock();
  PERFORM provider_listing_log_everything();
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A profile shows its responsiveness (lib/inquiries/refresh-responsiveness.ts): a change of its
-- figures is a change of that provider's profile alone (before = after: its place is unchanged).
CREATE FUNCTION "provider_responsiveness_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.sample, OLD.responded, OLD.median_hours) IS NOT DISTINCT FROM (NEW.sample, NEW.responded, NEW.median_hours) THEN
    RETURN NULL;
  END IF;
  SELECT provider_listing_values(p) INTO listed FROM providers p WHERE p.id = NEW.provider_id;
  IF listed IS NULL THEN RETURN NULL; END IF;
  PERFORM provider_listing_lock();
  INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
  VALUES (nextval('provider_listing_version_seq'), NEW.provider_id, listed, listed, false);
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "provider_responsiveness_listing" AFTER INSERT OR UPDATE ON "provider_responsiveness"
  FOR EACH ROW EXECUTE FUNCTION provider_responsiveness_changed();
--> statement-breakpoint
-- Every version has its row. A version set by hand (an UPDATE of provider_listing_state outside these
-- triggers) says nothing of what changed, so it becomes an "everything changed" row.
CREATE FUNCTION "provider_listing_version_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS NOT DISTINCT FROM OLD.version
     OR EXISTS (SELECT 1 FROM provider_listing_changes WHERE seq = NEW.version::bigint) THEN
    RETURN NEW;
  END IF;
  -- Drawn here, under the row's lock (a BEFORE ROW trigger runs on the locked row), not the value
  -- the statement drew before it waited for the lock.
  NEW.version := nextval('provider_listing_version_seq')::text;
  INSERT INTO provider_listing_changes (seq) VALUES (NEW.version::bigint);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "provider_listing_version_set" BEFORE UPDATE OF "version" ON "provider_listing_state"
  FOR EACH ROW EXECUTE FUNCTION provider_listing_version_set();
