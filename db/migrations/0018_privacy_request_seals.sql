CREATE TABLE "privacy_request_seals" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"sealed_address" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_request_seals" ADD CONSTRAINT "privacy_request_seals_request_id_privacy_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE cascade ON UPDATE no action;