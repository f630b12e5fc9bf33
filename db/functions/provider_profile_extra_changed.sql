-- The current definition of provider_profile_extra_changed, last set by db/migrations/0015_reviews_privacy.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_profile_extra_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  listed jsonb;
  subject uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'computed_at') = (to_jsonb(NEW) - 'computed_at') THEN
    RETURN NULL;
  END IF;
  subject := CASE WHEN TG_OP = 'DELETE' THEN OLD.provider_id ELSE NEW.provider_id END;
  SELECT provider_listing_values(p) INTO listed FROM providers p WHERE p.id = subject;
  IF listed IS NULL THEN RETURN NULL; END IF;
  PERFORM provider_listing_lock();
  INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
  VALUES (nextval('provider_listing_version_seq'), subject, listed, listed, false);
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
