CREATE TYPE "public"."hourly_rate" AS ENUM('<25', '25-49', '50-99', '100-149', '150-199', '200+');--> statement-breakpoint
CREATE TYPE "public"."team_size" AS ENUM('1', '2-9', '10-49', '50-249', '250+');--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "remote" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "team_size" "team_size";--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "hourly_rate" "hourly_rate";--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "min_project_budget" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "founded_year" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "accepting_clients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "portfolio" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_country_code_check" CHECK ("providers"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_min_project_budget_check" CHECK ("providers"."min_project_budget" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_founded_year_check" CHECK ("providers"."founded_year" >= 1800);--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_portfolio_is_array_check" CHECK (jsonb_typeof("providers"."portfolio") = 'array');