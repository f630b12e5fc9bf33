import { apiRoute, methodsNotAllowed, PUBLIC_READ_CACHE_CONTROL, publicJsonBody, publicPreflight } from "@/lib/route-wrappers/api-route";
import { getPublicProviderJson } from "@/lib/listing-cache/cached-profile";

export const GET = apiRoute({ auth: "public", publicRead: true }, async ({ request, db, params }) => {
  const found = await getPublicProviderJson(db, { slug: params.slug ?? "" });
  if (found.kind === "profile") return publicJsonBody(request, found.json);
  // An approved slug change: the old address answers a permanent redirect to the new one.
  return new Response(null, {
    status: 301,
    headers: {
      Location: `/api/public/studio/providers/${encodeURIComponent(found.slug)}`,
      "Cache-Control": PUBLIC_READ_CACHE_CONTROL,
    },
  });
});

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
