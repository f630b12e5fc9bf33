-- Each hit records when it stops counting, so expired hits of keys that never return can be purged
-- (lib/rate-limit/purge-expired-rate-limit-hits.ts). Hits recorded before this migration get the
-- longest window in use until now (24 h); their keys are also of the old, unhashed form, which no
-- limit reads any more, so they simply age out.
ALTER TABLE "rate_limit_hits" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "rate_limit_hits" SET "expires_at" = "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");
