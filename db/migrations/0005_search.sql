-- Directory search (issue 14 item 1, docs/decisions/search.md): a full-text document
-- per provider over name, specialty names, headline and description, accent- and case-free,
-- maintained by the database as a generated column and served by a GIN index over listed providers.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is STABLE (it reads a dictionary chosen by search_path), so neither a generated column
-- nor an index may call it. With the dictionary named in full the answer depends only on the
-- argument, which is what IMMUTABLE promises.
CREATE FUNCTION "immutable_unaccent"(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
-- The search document: weights rank a match in the name (A) above one in a specialty name (B), the
-- headline (C) and the description (D). The 'simple' configuration lower-cases and keeps every word
-- (no stemming, no stop words): providers write in many languages. Specialty names are the enum's
-- labels, lower-cased ("DEVOPS" -> devops); an enum's text form is only STABLE in general (labels
-- can be renamed), but ours change only by migration, which would rebuild this column too.
CREATE FUNCTION "provider_search_vector"(name text, headline text, description text, specialties specialty[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, array_to_string(specialties::text[], ' ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(headline, ''))), 'C')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(description, ''))), 'D')
$$;
--> statement-breakpoint
-- Not declared in db/schema.ts on purpose: drizzle selects a table's declared columns, and every
-- full-row read of a provider would carry its search document. Only list-query-sql.ts names it.
ALTER TABLE "providers" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (provider_search_vector("name", "headline", "description", "specialties")) STORED;
--> statement-breakpoint
CREATE INDEX "providers_listed_search_idx" ON "providers" USING gin ("search_vector")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
-- Discovery (extensions §2): every list order has an index over listed providers that yields it, and
-- every index carries the card columns and the filterable facts (INCLUDE), so a list page, a deep
-- page's walk and an exact count under any filter are index-only scans. drizzle cannot express
-- INCLUDE; db/schema.ts declares providers_listed_order_idx and names the others in a comment.
DROP INDEX "providers_listed_order_idx";
--> statement-breakpoint
CREATE INDEX "providers_listed_order_idx" ON "providers" USING btree ("featured" DESC NULLS LAST, "published_at" DESC NULLS LAST, "slug")
  INCLUDE ("name", "headline", "specialties", "logo_url", "country_code", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
CREATE INDEX "providers_listed_newest_idx" ON "providers" USING btree ("published_at" DESC NULLS LAST, "slug")
  INCLUDE ("featured", "name", "headline", "specialties", "logo_url", "country_code", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
CREATE INDEX "providers_listed_name_idx" ON "providers" USING btree (lower("name"), "slug")
  INCLUDE ("featured", "published_at", "name", "headline", "specialties", "logo_url", "country_code", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
CREATE INDEX "providers_listed_country_idx" ON "providers" USING btree ("country_code", "featured" DESC NULLS LAST, "published_at" DESC NULLS LAST, "slug")
  INCLUDE ("name", "headline", "specialties", "logo_url", "languages", "remote", "team_size", "min_project_budget", "accepting_clients")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
CREATE INDEX "providers_listed_languages_idx" ON "providers" USING gin ("languages")
  WHERE approval_status = 'APPROVED' and public_profile;
