-- The current definition of provider_responsiveness_changed, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_responsiveness_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
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
$fn$;
