// The directory and listing endpoints' share of the OpenAPI document (lib/openapi/document.ts assembles
// the whole), described with the schemas the handlers validate with.
import { z } from "zod";
import {
  etagHeader,
  JSON_BODY_ERRORS,
  jsonBody,
  ok,
  operation,
  PRIVATE_NO_STORE_HEADERS,
  PUBLIC_READ_HEADERS,
  type ApiPaths,
} from "@/lib/openapi/responses";
import { listingSchema, listingUpdateSchema, providerListSchema, publicProfileSchema } from "@/lib/providers/schemas";
import { providerListQuerySchema } from "@/lib/public-listing/list-query-schema";
import { MAX_PAGE_SIZE } from "@/lib/validation/page-query";
import { rankingMethodologySchema } from "@/lib/ranking/ranking-methodology";

const slugParams = z.object({
  slug: z.string().meta({ description: "The provider's slug", example: "northwind-studio" }),
});

/** The public directory: list and profile. */
export function directoryPaths() {
  return {
  "/public/studio/providers": {
    get: operation({
      operationId: "listProviders",
      tag: "public",
      summary: "List published providers",
      description: [
        "Lists providers that are approved and published (`publicProfile=true`), as summaries.",
        "",
        "- Order (`sort`): `featured` (default) is featured first, then `publishedAt` newest first, then `slug`; `recommended` is the transparent ranking (extensions §5): `score` highest first, then a key that changes every Monday 00:00 UTC, then `slug` (method and weights: `GET /public/studio/ranking`; `featured` is not in the score); `newest` is `publishedAt` newest first, then `slug`; `name` is `name` A–Z, then `slug`; `relevance` (only with `q`, else 400) puts the best matches first. Every order is stable across pages.",
        "- Filters (extensions §2) combine with AND: `country` (ISO 3166-1 alpha-2, any case), `language` (ISO 639-1), `remote=true`, `teamSize` (repeatable: any of the bands given), `budget` (providers whose minimum project budget is unstated or at most it), `acceptingClients=true`; `remote=false` and `acceptingClients=false` mean no filter. An unknown code or band, or a value of the wrong form, is 400 naming the parameter.",
        "- `q` searches name, headline, description and specialty names, case- and accent-insensitively. `total` is exact for every combination.",
        `- \`limit\` above ${MAX_PAGE_SIZE} is clamped to ${MAX_PAGE_SIZE} and the response says \`limit: ${MAX_PAGE_SIZE}\`; non-integers, 0 and negatives are 400.`,
        "- A page past the end is 200 with `data: []` and the true `total`.",
        "- `explain=true` (only with `sort=recommended`, else 400 `VALIDATION_FAILED`): the body also has `ranking: { formulaVersion, computedAt }` and `explanations`, a `RankExplanation` per slug of the page. The items keep their six keys.",
        "- `specialty` is case-insensitive; `featured=false` and no `featured` both mean no featured filter.",
        "- Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
      ].join("\n"),
      requestParams: { query: providerListQuerySchema },
      responses: {
        "200": ok("One page of providers", providerListSchema, PUBLIC_READ_HEADERS),
        "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
      },
      errors: ["VALIDATION_FAILED"],
    }),
  },
  "/public/studio/providers/{slug}": {
    get: operation({
      operationId: "getProvider",
      tag: "public",
      summary: "Get a provider's public profile",
      description: [
        "Returns one approved, published provider by slug. An absent, unapproved or unpublished provider is 404.",
        "",
        "`ranking` says why the provider is where it is in `sort=recommended`: its score, the four components with their weights and the sentence each rests on (a neutral value says so), as of `computedAt`.",
        "",
        "`reviews` holds the published reviews' figures (the reviews themselves: `GET /public/studio/providers/{slug}/reviews`); `notices` the registry's active public notices on the provider, such as a review-manipulation alert, until each ends.",
        "",
        "A slug the provider had before an approved slug change answers `301` with a relative `Location: /api/public/studio/providers/<current slug>` while the provider is listed (otherwise 404).",
        "",
        "Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
      ].join("\n"),
      requestParams: { path: slugParams },
      responses: {
        "200": ok("The provider's public profile", publicProfileSchema, PUBLIC_READ_HEADERS),
        "301": {
          description: "Moved permanently: an old slug of a listed provider; follow `Location`",
          headers: z.object({
            Location: z.string().meta({ description: "The current address, e.g. /api/public/studio/providers/northwind-design" }),
          }),
        },
        "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
      },
      errors: ["NOT_FOUND"],
    }),
  },
  "/public/studio/ranking": {
    get: operation({
      operationId: "getRankingMethodology",
      tag: "public",
      summary: "How the recommended order is computed",
      description: [
        "The ranking's methodology as data (extensions §5): the formula's version and the date it took effect, the weights, each component's definition and neutral value, the tie-break, what is never in the score, and the changelog. The same constants compute the stored scores and the explanations.",
        "",
        "Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
      ].join("\n"),
      responses: {
        "200": ok("The methodology", rankingMethodologySchema, PUBLIC_READ_HEADERS),
        "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
      },
      errors: [],
    }),
  },
  } satisfies ApiPaths;
}

/** The key's own listing: read, update, publish, unpublish. */
export function listingPaths() {
  return {
  "/provider/studio/listing": {
    get: operation({
      operationId: "getListing",
      tag: "studio",
      apiKey: true,
      summary: "Read the listing",
      description:
        "Returns the key's own listing in full, published or not (an extension of the interface: the same body the write endpoints return).",
      responses: { "200": ok("The listing", listingSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: [],
    }),
    patch: operation({
      operationId: "updateListing",
      tag: "studio",
      apiKey: true,
      summary: "Update the listing",
      description: [
        "Changes the key's own listing and returns it in full. Changes to a published listing are public at once.",
        "",
        "- Only the fields below are accepted; any other field (e.g. `name`, `slug`) is 400 `VALIDATION_FAILED` naming it. An empty object is 400.",
        "- URLs must be http or https; `null` clears one.",
        "- Profile facts (extension): `countryCode` (ISO 3166-1 alpha-2, any case, returned upper-case), `city`, `remote`, `languages` (ISO 639-1 codes, returned lower-case), `teamSize` and `hourlyRate` (bands), `minProjectBudget` (USD), `foundedYear`, `acceptingClients`, `portfolio` (at most 12 projects, in the order given; send the whole list to add, remove or reorder). `null` clears a nullable fact; `[]` empties a list. Unknown country or language codes are 400 naming the field.",
      ].join("\n"),
      requestBody: jsonBody(listingUpdateSchema, {
        headline: "Product design for fintech",
        specialties: ["DESIGN"],
        countryCode: "DE",
        city: "Berlin",
        languages: ["de", "en"],
        teamSize: "10-49",
        hourlyRate: "100-149",
        minProjectBudget: 20000,
        foundedYear: 2014,
        portfolio: [{ title: "Banking app redesign", url: "https://example.com/work/bank", summary: "A calmer app for 2 million customers." }],
      }),
      responses: { "200": ok("The updated listing", listingSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: [...JSON_BODY_ERRORS, "FORBIDDEN"],
    }),
  },
  "/provider/studio/listing/publish": {
    post: operation({
      operationId: "publishListing",
      tag: "studio",
      apiKey: true,
      summary: "Publish the listing",
      description:
        "Makes the listing public (`publicProfile=true`) and sets `publishedAt` and `confirmedAt` to now on the false→true transition (a listing hidden as `STALE` too). Publishing a published listing changes nothing. No body needed.",
      responses: { "200": ok("The listing", listingSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: ["FORBIDDEN"],
    }),
  },
  "/provider/studio/listing/confirm": {
    post: operation({
      operationId: "confirmListing",
      tag: "studio",
      apiKey: true,
      summary: "Confirm the listing's details are current",
      description: [
        "Sets `confirmedAt` to now (OWNER or ADMIN; no body needed). Every listing is confirmed at least every 180 days: from `staleAt` (`confirmedAt` + 180 days) its public card and profile say \"Details not confirmed since …\", and at `hideAt` (+ 210 days) it is hidden (`publicProfile=false`, `hiddenReason=\"STALE\"`) until confirmed. Reminders go to OWNERs and ADMINs by email at 150 and 173 days.",
        "",
        "Confirming a listing hidden as `STALE` makes it public again at once, its `publishedAt` unchanged. Editing the listing (`PATCH`) and publishing it confirm it too. A listing its team unpublished stays unpublished.",
      ].join("\n"),
      responses: { "200": ok("The listing, confirmed", listingSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: ["FORBIDDEN"],
    }),
  },
  "/provider/studio/listing/unpublish": {
    post: operation({
      operationId: "unpublishListing",
      tag: "studio",
      apiKey: true,
      summary: "Unpublish the listing",
      description:
        "Hides the listing (`publicProfile=false`): it leaves every public list and page at once. On a listing hidden as `STALE` it clears `hiddenReason`, so confirming no longer shows it again. No body needed.",
      responses: { "200": ok("The listing", listingSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: ["FORBIDDEN"],
    }),
  },
  } satisfies ApiPaths;
}
