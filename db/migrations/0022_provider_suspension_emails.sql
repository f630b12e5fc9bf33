ALTER TYPE "public"."email_kind" ADD VALUE 'PROVIDER_SUSPENDED';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'PROVIDER_REINSTATED';