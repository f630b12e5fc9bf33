CREATE TABLE "provider_listing_counts" (
	"specialty" text NOT NULL,
	"featured_only" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "provider_listing_counts_specialty_featured_only_pk" PRIMARY KEY("specialty","featured_only")
);
--> statement-breakpoint
CREATE TABLE "provider_listing_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
-- The directory order index, now covering every column a list page shows: pages are index-only
-- scans, and a deep page (a large OFFSET) walks index entries instead of fetching table rows.
DROP INDEX "providers_listed_order_idx";
--> statement-breakpoint
CREATE INDEX "providers_listed_order_idx" ON "providers" USING btree ("featured" DESC NULLS LAST, "published_at" DESC NULLS LAST, "slug")
  INCLUDE ("name", "headline", "specialties", "logo_url") WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
-- Listing bookkeeping (see db/schema.ts): exact totals per filter and a version of what the public
-- sees, maintained by statement-level triggers so that bulk loads pay once per statement.
CREATE SEQUENCE "provider_listing_version_seq";
--> statement-breakpoint
INSERT INTO "provider_listing_state" ("id", "version") VALUES (1, nextval('provider_listing_version_seq')::text);
--> statement-breakpoint
-- The count buckets one listed provider belongs to: any/each of its specialties, all/featured only.
CREATE FUNCTION "provider_listing_keys"(specialties specialty[], featured boolean)
RETURNS TABLE (specialty text, featured_only boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT s, f
  FROM unnest(array['']::text[] || specialties::text[]) AS s,
       unnest(CASE WHEN featured THEN array[false, true] ELSE array[false] END) AS f
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the transition tables this event has may be named, so each event has its own statement.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, count(*)
    FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    -- An edit of a provider that is listed neither before nor after changes nothing public.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile)
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN
      RETURN NULL;
    END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT d.specialty, d.featured_only, sum(d.delta)
    FROM (
      SELECT k.specialty, k.featured_only, 1 AS delta
      FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
      UNION ALL
      SELECT k.specialty, k.featured_only, -1
      FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
    ) d
    GROUP BY 1, 2
    HAVING sum(d.delta) <> 0
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  UPDATE provider_listing_state SET version = nextval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "provider_listing_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_listing_counts;
  UPDATE provider_listing_state SET version = nextval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "providers_listing_insert" AFTER INSERT ON "providers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_update" AFTER UPDATE ON "providers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_delete" AFTER DELETE ON "providers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_changed();
--> statement-breakpoint
CREATE TRIGGER "providers_listing_truncate" AFTER TRUNCATE ON "providers"
  FOR EACH STATEMENT EXECUTE FUNCTION provider_listing_truncated();
--> statement-breakpoint
-- Totals for the providers already there.
INSERT INTO "provider_listing_counts" ("specialty", "featured_only", "total")
SELECT k.specialty, k.featured_only, count(*)
FROM "providers" r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
WHERE r.approval_status = 'APPROVED' AND r.public_profile
GROUP BY 1, 2;
