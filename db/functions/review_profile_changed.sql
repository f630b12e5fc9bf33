-- The current definition of review_profile_changed, last set by db/migrations/0016_review_reading.sql.
-- Written from the migrated database by `npm run db:functions`; change it with a new migration.
CREATE OR REPLACE FUNCTION "review_profile_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  listed jsonb;
  subject uuid;
BEGIN
  IF TG_TABLE_NAME = 'reviews' THEN
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
    subject := NEW.provider_id;
  ELSIF TG_TABLE_NAME = 'review_disputes' THEN
    -- Only opening or closing a dispute changes the label; the reviewer's answer is not public.
    IF TG_OP = 'UPDATE' THEN
      IF (OLD.status = 'OPEN') = (NEW.status = 'OPEN') THEN RETURN NULL; END IF;
    ELSIF TG_OP = 'INSERT' THEN
      IF NEW.status <> 'OPEN' THEN RETURN NULL; END IF;
    ELSIF OLD.status <> 'OPEN' THEN
      RETURN NULL;
    END IF;
    subject := CASE WHEN TG_OP = 'DELETE' THEN OLD.provider_id ELSE NEW.provider_id END;
  ELSE
    -- review_replies: a reply shows only under a published review.
    IF TG_OP = 'UPDATE' THEN
      IF (OLD.body, OLD.created_at) IS NOT DISTINCT FROM (NEW.body, NEW.created_at) THEN RETURN NULL; END IF;
    END IF;
    SELECT r.provider_id INTO subject FROM reviews r
    WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.review_id ELSE NEW.review_id END AND r.status = 'PUBLISHED';
    IF subject IS NULL THEN RETURN NULL; END IF;
  END IF;
  SELECT provider_listing_values(p) INTO listed FROM providers p WHERE p.id = subject;
  IF listed IS NULL THEN RETURN NULL; END IF;
  PERFORM provider_listing_lock();
  INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed)
  VALUES (nextval('provider_listing_version_seq'), subject, listed, listed, false);
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
