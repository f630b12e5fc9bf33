import { buildOpenApiDocument } from "@/lib/api/openapi";
import { requestIdFor } from "@/lib/api/request";
import { json, methodsNotAllowed, publicPreflight } from "@/lib/api/route";

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
