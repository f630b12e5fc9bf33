-- What the public reads of a review besides the figures (extensions §4): its text after an edit, its
-- verification label, the provider's reply and the "Under review" label of an open dispute. None of
-- these moves provider_review_stats, so each is a change of that provider's profile of its own
-- (before = after, as the stats and notices triggers of 0015): the cached profile, its page and the
-- pages linking it are read again. A review entering or leaving PUBLISHED moves the stats instead.
CREATE FUNCTION "review_profile_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_profile_listing" AFTER UPDATE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION review_profile_changed();
--> statement-breakpoint
CREATE TRIGGER "review_replies_profile_listing" AFTER INSERT OR UPDATE OR DELETE ON "review_replies"
  FOR EACH ROW EXECUTE FUNCTION review_profile_changed();
--> statement-breakpoint
CREATE TRIGGER "review_disputes_profile_listing" AFTER INSERT OR UPDATE OR DELETE ON "review_disputes"
  FOR EACH ROW EXECUTE FUNCTION review_profile_changed();
