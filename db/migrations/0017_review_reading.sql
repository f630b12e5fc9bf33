-- What the public reads of a published review besides its figures and its reply and dispute label
-- (those: 0015's stats trigger and 0016's review_public_part_changed): its words after an edit is
-- applied, its reviewer line and its verification label. None of these moves provider_review_stats, so
-- a change of a review that is PUBLISHED before and after is a change of that provider's profile alone
-- (before = after), as the stats trigger writes. A review entering or leaving PUBLISHED is the stats
-- trigger's (the count always moves), so a publishing sweep writes one change row per provider.
CREATE FUNCTION "published_review_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_published_listing" AFTER UPDATE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION published_review_changed();
