CREATE TABLE "analytics_daily_seen" (
	"day" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "analytics_daily_seen_day_provider_id_visitor_key_pk" PRIMARY KEY("day","provider_id","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_daily_stats" (
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	"search_appearances" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"website_clicks" integer DEFAULT 0 NOT NULL,
	"contact_opens" integer DEFAULT 0 NOT NULL,
	"inquiries_submitted" integer DEFAULT 0 NOT NULL,
	"inquiries_delivered" integer DEFAULT 0 NOT NULL,
	"inquiries_answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_daily_stats_provider_id_day_pk" PRIMARY KEY("provider_id","day")
);
--> statement-breakpoint
CREATE TABLE "provider_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"size_bytes" bigint,
	"archive" "bytea",
	"failure_detail" text,
	CONSTRAINT "provider_exports_ready_has_dates" CHECK ("provider_exports"."status" <> 'READY' or ("provider_exports"."ready_at" is not null and "provider_exports"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_seen" ADD CONSTRAINT "analytics_daily_seen_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_daily_stats" ADD CONSTRAINT "provider_daily_stats_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_exports" ADD CONSTRAINT "provider_exports_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_exports" ADD CONSTRAINT "provider_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_daily_stats_day_idx" ON "provider_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "provider_exports_provider_created_idx" ON "provider_exports" USING btree ("provider_id","created_at");