CREATE TYPE "public"."change_request_field" AS ENUM('NAME', 'SLUG');--> statement-breakpoint
CREATE TYPE "public"."change_request_status" AS ENUM('PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN');--> statement-breakpoint
CREATE TABLE "provider_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"field" "change_request_field" NOT NULL,
	"current_value" text NOT NULL,
	"requested_value" text NOT NULL,
	"status" "change_request_status" DEFAULT 'PENDING' NOT NULL,
	"requested_by_user_id" text,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_change_requests" ADD CONSTRAINT "provider_change_requests_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_change_requests" ADD CONSTRAINT "provider_change_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_change_requests" ADD CONSTRAINT "provider_change_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_slug_redirects" ADD CONSTRAINT "provider_slug_redirects_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_change_requests_open_unique" ON "provider_change_requests" USING btree ("provider_id","field") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "provider_change_requests_status_idx" ON "provider_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "provider_slug_redirects_provider_idx" ON "provider_slug_redirects" USING btree ("provider_id");