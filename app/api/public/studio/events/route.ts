import { recordBeacon } from "@/lib/analytics/record-beacon";
import { beaconEventSchema } from "@/lib/analytics/schemas";
import { sessionCookieName } from "@/lib/auth/current-user";
import { listedProviderIds } from "@/lib/listing-cache/listed-provider-ids";
import { BEACON_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { apiRoute, methodsNotAllowed, noContent } from "@/lib/route-wrappers/api-route";

// The registry's own pages report what visitors saw (extensions §7). Every well-formed event is
// answered 204, counted or dropped alike, so a bot learns nothing from the answer.
export const POST = apiRoute(
  { auth: "public", body: beaconEventSchema, bodyLimit: BEACON_BODY_LIMIT_BYTES },
  async ({ db, body, request, clientIp }) => {
    const h = request.headers;
    await recordBeacon(db, {
      event: body,
      secFetchSite: h.get("sec-fetch-site"),
      purpose: h.get("sec-purpose") ?? h.get("purpose"),
      userAgent: h.get("user-agent") ?? "",
      acceptLanguage: h.get("accept-language") ?? "",
      clientIp,
      sessionToken: sessionCookie(h.get("cookie"), sessionCookieName()),
      listedProviderIds: (slugs) => listedProviderIds(db, slugs),
    });
    return noContent();
  },
);

function sessionCookie(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
