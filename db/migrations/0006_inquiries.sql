CREATE TYPE "public"."inquiry_budget" AS ENUM('<5k', '5k-25k', '25k-100k', '100k+', 'unsure');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('AWAITING_VERIFICATION', 'NEW', 'REPLIED', 'ARCHIVED', 'SPAM');--> statement-breakpoint
CREATE TYPE "public"."inquiry_timeline" AS ENUM('asap', '1-3-months', '3-6-months', 'exploring');--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'INQUIRY_CONFIRMATION';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'INQUIRY_NOTIFICATION';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'INQUIRY_REMINDER';--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"sender_company" text,
	"budget" "inquiry_budget",
	"timeline" "inquiry_timeline",
	"message" text NOT NULL,
	"status" "inquiry_status" DEFAULT 'AWAITING_VERIFICATION' NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"sender_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	CONSTRAINT "inquiries_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "inquiries_delivered_check" CHECK (("inquiries"."status" = 'AWAITING_VERIFICATION') = ("inquiries"."delivered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "provider_responsiveness" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"sample" integer NOT NULL,
	"responded" integer NOT NULL,
	"median_hours" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_responsiveness" ADD CONSTRAINT "provider_responsiveness_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_provider_status_idx" ON "inquiries" USING btree ("provider_id","status","delivered_at" DESC NULLS LAST) WHERE delivered_at is not null;--> statement-breakpoint
CREATE INDEX "inquiries_provider_delivered_idx" ON "inquiries" USING btree ("provider_id","delivered_at" DESC NULLS LAST) WHERE delivered_at is not null;--> statement-breakpoint
CREATE INDEX "inquiries_reminder_due_idx" ON "inquiries" USING btree ("delivered_at") WHERE status = 'NEW' and reminded_at is null;--> statement-breakpoint
CREATE INDEX "inquiries_spam_idx" ON "inquiries" USING btree ("status_changed_at" DESC NULLS LAST) WHERE status = 'SPAM';