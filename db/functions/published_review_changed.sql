-- The current definition of published_review_changed, last set by db/migrations/0017_review_reading.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "published_review_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  listed jsonb;
BEGIN
  IF OLD.status <> 'PUBLISHED' OR NEW.status <> 'PUBLISHED' THEN RETURN NULL; END IF;
  IF (OLD.title, OLD.body, OLD.overall, OLD.quality, OLD.schedule, OLD.communication, OLD.value, OLD.would_recommend,
      OLD.project_status, OLD.project_specialty, OLD.project_budget, OLD.display, OLD.reviewer_name, OLD.reviewer_role,
      OLD.reviewer_company, OLD.incentive, OLD.verification, OLD.published_at, OLD.edited_at)
     IS NOT DISTINCT FROM
     (NEW.title, NEW.body, NEW.overall, NEW.quality, NEW.schedule, NEW.communication, NEW.value, NEW.would_recommend,
      NEW.project_status, NEW.project_specialty, NEW.project_budget, NEW.display, NEW.reviewer_name, NEW.reviewer_role,
      NEW.reviewer_company, NEW.incentive, NEW.verification, NEW.published_at, NEW.edited_at) THEN
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
$fn$;
