ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_CONFIRM_REMINDER';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_STALE';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_HIDDEN';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_CONFIRM_REQUEST';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_REPORTS_DIGEST';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'LISTING_REPORT_OUTCOME';--> statement-breakpoint
CREATE TABLE "listing_confirm_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_report_escalations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"closed_by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"category" text NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"reporter_email" text,
	"reporter_key" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"outcome_emailed_at" timestamp with time zone,
	"system" boolean DEFAULT false NOT NULL,
	CONSTRAINT "listing_reports_resolution_check" CHECK (("listing_reports"."status" = 'RESOLVED') = ("listing_reports"."resolution" is not null))
);
--> statement-breakpoint
CREATE TABLE "provider_freshness_notices" (
	"provider_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_freshness_notices_provider_id_stage_confirmed_at_pk" PRIMARY KEY("provider_id","stage","confirmed_at")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "stale_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rank_score" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rank_rotation" bigint;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rank_components" jsonb;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "rank_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_confirm_tokens" ADD CONSTRAINT "listing_confirm_tokens_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_report_escalations" ADD CONSTRAINT "listing_report_escalations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_report_escalations" ADD CONSTRAINT "listing_report_escalations_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_freshness_notices" ADD CONSTRAINT "provider_freshness_notices_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_confirm_tokens_provider_idx" ON "listing_confirm_tokens" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "listing_confirm_tokens_expires_idx" ON "listing_confirm_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_report_escalations_open_idx" ON "listing_report_escalations" USING btree ("provider_id") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "listing_report_escalations_deadline_idx" ON "listing_report_escalations" USING btree ("deadline_at") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "listing_reports_provider_status_idx" ON "listing_reports" USING btree ("provider_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_reports_undigested_idx" ON "listing_reports" USING btree ("provider_id") WHERE digested_at is null;--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_idx" ON "listing_reports" USING btree ("provider_id","reporter_key","category","created_at");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_hidden_reason_check" CHECK ("providers"."hidden_reason" is null or not "providers"."public_profile");--> statement-breakpoint
-- Freshness (extensions §6): a listing's details count as confirmed when it was last saved.
UPDATE "providers" SET "confirmed_at" = "updated_at" WHERE "confirmed_at" IS DISTINCT FROM "updated_at";
--> statement-breakpoint
-- Ranking (extensions §5): sort=recommended reads this index like the other orders read theirs (0005):
-- listed providers only, the card columns and the filterable facts included, so a page, a deep page's
-- walk and a count are index-only scans. drizzle cannot express INCLUDE, so it is declared here only.
CREATE INDEX "providers_listed_rank_idx" ON "providers" USING btree ("rank_score" DESC NULLS LAST, "rank_rotation", "slug")
  INCLUDE ("featured", "published_at", "name", "headline", "specialties", "logo_url", "country_code", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
