ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_INVITATION';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_REMINDER';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_RECEIVED';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_PUBLISHED';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_REJECTED';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_REPLY';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_DISPUTE_REQUEST';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'REVIEW_DISPUTE_DECIDED';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'PRIVACY_CONFIRM';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'PRIVACY_ACCESS_READY';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'PRIVACY_ERASURE_NOTICE';--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mailbox_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"download_token_hash" text,
	"download_expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"access_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "privacy_requests_download_token_hash_unique" UNIQUE("download_token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"removed_at" timestamp with time zone,
	"removed_by" text
);
--> statement-breakpoint
CREATE TABLE "provider_review_stats" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"sum_overall" integer DEFAULT 0 NOT NULL,
	"distribution" integer[] DEFAULT '{0,0,0,0,0}'::int[] NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"quality_count" integer DEFAULT 0 NOT NULL,
	"quality_sum" integer DEFAULT 0 NOT NULL,
	"schedule_count" integer DEFAULT 0 NOT NULL,
	"schedule_sum" integer DEFAULT 0 NOT NULL,
	"communication_count" integer DEFAULT 0 NOT NULL,
	"communication_sum" integer DEFAULT 0 NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"value_sum" integer DEFAULT 0 NOT NULL,
	"count_24m" integer DEFAULT 0 NOT NULL,
	"sum_24m" integer DEFAULT 0 NOT NULL,
	"bayesian_24m" numeric(5, 4) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_review_stats_distribution_check" CHECK (cardinality("provider_review_stats"."distribution") = 5)
);
--> statement-breakpoint
CREATE TABLE "review_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"opened_by_member_id" uuid,
	"reason" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answer_token_hash" text,
	"reviewer_answer" text,
	"reviewer_answered_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_disputes_answer_token_hash_unique" UNIQUE("answer_token_hash")
);
--> statement-breakpoint
CREATE TABLE "review_email_optouts" (
	"mailbox_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"token_hash" text,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_inquiry_id_unique" UNIQUE("inquiry_id"),
	CONSTRAINT "review_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "review_invitations_sent_or_skipped" CHECK (("review_invitations"."token_hash" is null) = ("review_invitations"."skipped_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text NOT NULL,
	"reporter_email" text,
	"reporter_key" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"invitation_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"project_status" text NOT NULL,
	"overall" smallint NOT NULL,
	"quality" smallint,
	"schedule" smallint,
	"communication" smallint,
	"value" smallint,
	"would_recommend" boolean NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"project_specialty" text,
	"project_budget" text,
	"display" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"reviewer_role" text,
	"reviewer_company" text,
	"incentive" text,
	"verification" text NOT NULL,
	"publish_after" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"pending_edit" jsonb,
	"pending_edit_publish_after" timestamp with time zone,
	"edit_token_hash" text,
	"edit_token_expires_at" timestamp with time zone,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"decision_note" text,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_invitation_id_unique" UNIQUE("invitation_id"),
	CONSTRAINT "reviews_inquiry_id_unique" UNIQUE("inquiry_id"),
	CONSTRAINT "reviews_edit_token_hash_unique" UNIQUE("edit_token_hash"),
	CONSTRAINT "reviews_overall_check" CHECK ("reviews"."overall" between 1 and 5),
	CONSTRAINT "reviews_quality_check" CHECK ("reviews"."quality" between 1 and 5),
	CONSTRAINT "reviews_schedule_check" CHECK ("reviews"."schedule" between 1 and 5),
	CONSTRAINT "reviews_communication_check" CHECK ("reviews"."communication" between 1 and 5),
	CONSTRAINT "reviews_value_check" CHECK ("reviews"."value" between 1 and 5),
	CONSTRAINT "reviews_published_check" CHECK (("reviews"."status" = 'PUBLISHED') <= ("reviews"."published_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "engaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "engaged_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_notices" ADD CONSTRAINT "provider_notices_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_review_stats" ADD CONSTRAINT "provider_review_stats_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_disputes" ADD CONSTRAINT "review_disputes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_disputes" ADD CONSTRAINT "review_disputes_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_disputes" ADD CONSTRAINT "review_disputes_opened_by_member_id_provider_members_id_fk" FOREIGN KEY ("opened_by_member_id") REFERENCES "public"."provider_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_member_id_provider_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."provider_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_mailbox_idx" ON "privacy_requests" USING btree ("mailbox_hash","created_at");--> statement-breakpoint
CREATE INDEX "provider_notices_provider_idx" ON "provider_notices" USING btree ("provider_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_disputes_open_unique" ON "review_disputes" USING btree ("review_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "review_disputes_provider_idx" ON "review_disputes" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "review_disputes_due_idx" ON "review_disputes" USING btree ("due_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "review_invitations_provider_idx" ON "review_invitations" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "review_invitations_reminder_idx" ON "review_invitations" USING btree ("sent_at") WHERE sent_at is not null and used_at is null and declined_at is null and reminded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_unique" ON "review_reports" USING btree ("review_id","reporter_key");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "reviews_provider_published_idx" ON "reviews" USING btree ("provider_id","published_at" DESC NULLS LAST) WHERE status = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("publish_after") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "reviews_pending_edit_idx" ON "reviews" USING btree ("pending_edit_publish_after") WHERE pending_edit is not null;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_engaged_by_member_id_provider_members_id_fk" FOREIGN KEY ("engaged_by_member_id") REFERENCES "public"."provider_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A profile shows its review figures and its notices: a change of either is a change of that
-- provider's profile alone (before = after: its place in the lists is unchanged), as responsiveness.
-- computed_at alone moving (the nightly refresh finding nothing new) is no change.
CREATE FUNCTION "provider_profile_extra_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "provider_review_stats_listing" AFTER INSERT OR UPDATE OR DELETE ON "provider_review_stats"
  FOR EACH ROW EXECUTE FUNCTION provider_profile_extra_changed();
--> statement-breakpoint
CREATE TRIGGER "provider_notices_listing" AFTER INSERT OR UPDATE OR DELETE ON "provider_notices"
  FOR EACH ROW EXECUTE FUNCTION provider_profile_extra_changed();
