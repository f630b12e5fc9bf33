import { buildOpenApiDocument } from "@/lib/openapi/document";
import { requestIdFor } from "@/lib/http/request";
import { json, methodsNotAllowed, publicPreflight } from "@/lib/route-wrappers/api-route";

export function GET(request: Request): Response {
  return json(buildOpenApiDocument(), {
    headers: {
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "X-Request-Id",
      "X-Request-Id": requestIdFor(request),
    },
  });
}

export const OPTIONS = publicPreflight();
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
