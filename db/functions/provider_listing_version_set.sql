-- The current definition of provider_listing_version_set, last set by db/migrations/0007_listing_changes.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "provider_listing_version_set"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
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
$fn$;
