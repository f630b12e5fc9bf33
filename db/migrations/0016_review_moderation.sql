-- A published review's public shape carries its reply and its "under review" label (extensions §4): a
-- reply written, edited or deleted, or a dispute opened or closed, changes that provider's profile
-- alone (before = after: its place in the lists is unchanged), as the review figures and notices do.
-- A reviewer's answer to a dispute changes nothing public (UPDATE OF status only, and only when it moves).
CREATE FUNCTION "review_public_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "review_replies_listing" AFTER INSERT OR DELETE OR UPDATE OF "body" ON "review_replies"
  FOR EACH ROW EXECUTE FUNCTION review_public_part_changed();
--> statement-breakpoint
CREATE TRIGGER "review_disputes_listing" AFTER INSERT OR DELETE ON "review_disputes"
  FOR EACH ROW EXECUTE FUNCTION review_public_part_changed();
--> statement-breakpoint
CREATE TRIGGER "review_disputes_status_listing" AFTER UPDATE OF "status" ON "review_disputes"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION review_public_part_changed();
