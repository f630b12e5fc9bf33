import { apiRoute, methodsNotAllowed, PUBLIC_READ_CACHE_CONTROL, publicJsonBody, publicPreflight } from "@/lib/route-wrappers/api-route";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";
import { prepareJson } from "@/lib/listing-cache/prepared-json";
import { reviewListQuerySchema } from "@/lib/reviews/public-read-schemas";
import { listPublicReviews } from "@/lib/reviews/list-public-reviews";

// 404 and the old slug's redirect come from the profile's own (cached) lookup, so they are exactly
// the profile's; the page of reviews is read fresh (docs/decisions/reviews.md).
export const GET = apiRoute({ auth: "public", publicRead: true, query: reviewListQuerySchema }, async ({ request, db, params, query }) => {
  const slug = params.slug ?? "";
  const found = await getPublicProviderOrRedirect(db, { slug });
  if (found.kind === "moved") {
    const search = new URL(request.url).search;
    return new Response(null, {
      status: 301,
      headers: {
        Location: `/api/public/studio/providers/${encodeURIComponent(found.slug)}/reviews${search}`,
        "Cache-Control": PUBLIC_READ_CACHE_CONTROL,
      },
    });
  }
  return publicJsonBody(request, prepareJson(await listPublicReviews(db, { slug, ...query })));
});

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
