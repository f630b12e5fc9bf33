-- The current definition of review_public_part_changed, last set by db/migrations/0016_review_moderation.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "review_public_part_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  listed jsonb;
  subject uuid;
BEGIN
  SELECT r.provider_id INTO subject FROM reviews r
  WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.review_id ELSE NEW.review_id END AND r.status = 'PUBLISHED';
  IF subject IS NULL THEN RETURN NULL; END IF;
  SELECT provider_listing_values(p) INTO listed FROM providers p WHERE p.id = subject;
  IF listed IS NULL THEN RETURN NULL; END IF;
  PERFORM provider_listing_lock();
  INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
  VALUES (nextval('provider_listing_version_seq'), subject, listed, listed, false);
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
